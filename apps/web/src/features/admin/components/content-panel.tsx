import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import type { AdminCategory, BannerDto } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useBanners, useDeleteBanner, useSaveBanner } from '../api/banners';
import { useAdminCategories, useDeleteCategory, useSaveCategory } from '../api/categories';
import { uploadAdminImage } from '../api/upload-image';
import { Card } from '../../../components/ui/card';
import { useT } from '../../../i18n';

function ImageField({
  kind,
  value,
  onChange,
}: {
  kind: 'category' | 'banner';
  value: string;
  onChange: (url: string) => void;
}) {
  const t = useT('admin');
  const [busy, setBusy] = useState(false);
  return (
    <div className="flex items-center gap-3">
      {value && <img src={value} alt="" className="size-16 rounded-xl object-cover ring-1 ring-stone-200" />}
      <label className="cursor-pointer rounded-full border border-brand-800 px-4 py-2 text-sm font-semibold text-brand-800 focus-within:ring-2 focus-within:ring-brand-600">
        {busy ? t('admin.image.uploading') : value ? t('admin.image.change') : t('admin.image.upload')}
        <input
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setBusy(true);
            try {
              onChange(await uploadAdminImage(kind, file));
            } catch (err) {
              toast.error(errorMessage(err));
            } finally {
              setBusy(false);
            }
          }}
        />
      </label>
    </div>
  );
}

const EMPTY_CATEGORY: AdminCategory = { path: '', text: '', image: '', bgColor: '#fef3c7', position: 0 };

function CategoryEditor({ initial, onDone }: { initial: AdminCategory; onDone: () => void }) {
  const t = useT('admin');
  const [c, setC] = useState(initial);
  const save = useSaveCategory();
  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync(c);
      toast.success(t('admin.categories.saved'));
      onDone();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <form onSubmit={handleSubmit} className="grid gap-3 sm:grid-cols-2">
      <TextField
        label={t('admin.categories.name')}
        value={c.text}
        onChange={(e) =>
          setC({
            ...c,
            text: e.target.value,
            path:
              initial.path ||
              e.target.value
                .toLowerCase()
                .replace(/[^a-z0-9]+/g, '-')
                .replace(/^-|-$/g, ''),
          })
        }
        required
      />
      <TextField
        label={t('admin.categories.path')}
        value={c.path}
        onChange={(e) => setC({ ...c, path: e.target.value })}
        disabled={Boolean(initial.path)}
        required
      />
      <TextField
        label={t('admin.categories.colour')}
        type="color"
        value={c.bgColor}
        onChange={(e) => setC({ ...c, bgColor: e.target.value })}
      />
      <TextField
        label={t('admin.position')}
        type="number"
        min={0}
        value={c.position}
        onChange={(e) => setC({ ...c, position: Number(e.target.value) })}
      />
      <ImageField kind="category" value={c.image} onChange={(image) => setC({ ...c, image })} />
      <div className="flex items-end gap-2">
        <Button type="submit" disabled={save.isPending || !c.image}>
          {t('admin.categories.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('admin.cancel')}
        </Button>
      </div>
    </form>
  );
}

export function CategoriesPanel() {
  const { data, isPending } = useAdminCategories();
  const t = useT('admin');
  const del = useDeleteCategory();
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  if (isPending) return <Skeleton className="h-48" />;
  return (
    <div className="space-y-3">
      {editing ? (
        <Card>
          <CategoryEditor initial={editing} onDone={() => setEditing(null)} />
        </Card>
      ) : (
        <Button onClick={() => setEditing(EMPTY_CATEGORY)}>{t('admin.categories.add')}</Button>
      )}
      <ul className="grid gap-3 sm:grid-cols-2">
        {data?.map((c) => (
          <li key={c.path}>
            <Card className="flex flex-wrap items-center gap-3">
              <img src={c.image} alt="" className="size-14 rounded-xl object-cover" style={{ background: c.bgColor }} />
              <div className="min-w-40 flex-1">
                <p className="font-semibold">{c.text}</p>
                <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">
                  {t('admin.categories.link', { path: c.path })}
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setEditing(c)}
                aria-label={t('admin.editName', { name: c.text })}
              >
                {t('admin.edit')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-red-700"
                aria-label={t('admin.deleteName', { name: c.text })}
                onClick={() =>
                  window.confirm(t('admin.categories.confirmDelete', { name: c.text })) &&
                  del.mutate(c.path, {
                    onError: (err) => toast.error(errorMessage(err)),
                    onSuccess: () => toast.success(t('admin.categories.deleted')),
                  })
                }
              >
                {t('admin.delete')}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

type BannerDraft = Omit<BannerDto, '_id'> & { _id?: string };
const EMPTY_BANNER: BannerDraft = { image: '', headline: '', text: '', link: '/', position: 0, active: true };

function BannerEditor({ initial, onDone }: { initial: BannerDraft; onDone: () => void }) {
  const t = useT('admin');
  const [b, setB] = useState(initial);
  const save = useSaveBanner();
  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const { _id, ...body } = b;
      await save.mutateAsync({ id: _id, body });
      toast.success(t('admin.banners.saved'));
      onDone();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <form onSubmit={handleSubmit} className="grid gap-3 sm:grid-cols-2">
      <TextField
        label={t('admin.banners.headline')}
        value={b.headline}
        onChange={(e) => setB({ ...b, headline: e.target.value })}
        required
        maxLength={120}
      />
      <TextField
        label={t('admin.banners.text')}
        value={b.text}
        onChange={(e) => setB({ ...b, text: e.target.value })}
        maxLength={300}
      />
      <TextField
        label={t('admin.banners.link')}
        value={b.link}
        onChange={(e) => setB({ ...b, link: e.target.value })}
        placeholder={t('admin.banners.linkExample')}
      />
      <TextField
        label={t('admin.position')}
        type="number"
        min={0}
        value={b.position}
        onChange={(e) => setB({ ...b, position: Number(e.target.value) })}
      />
      <ImageField kind="banner" value={b.image} onChange={(image) => setB({ ...b, image })} />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={b.active}
          onChange={(e) => setB({ ...b, active: e.target.checked })}
        />{' '}
        {t('admin.banners.shown')}
      </label>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending || !b.image}>
          {t('admin.banners.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('admin.cancel')}
        </Button>
      </div>
    </form>
  );
}

export function BannersPanel() {
  const { data, isPending } = useBanners();
  const t = useT('admin');
  const del = useDeleteBanner();
  const [editing, setEditing] = useState<BannerDraft | null>(null);
  if (isPending) return <Skeleton className="h-48" />;
  return (
    <div className="space-y-3">
      {editing ? (
        <Card>
          <BannerEditor initial={editing} onDone={() => setEditing(null)} />
        </Card>
      ) : (
        <Button onClick={() => setEditing(EMPTY_BANNER)}>{t('admin.banners.add')}</Button>
      )}
      {data?.length === 0 && <EmptyState message={t('admin.banners.empty')} />}
      <ul className="space-y-3">
        {data?.map((b) => (
          <li key={b._id}>
            <Card className="flex flex-wrap items-center gap-3">
              <img src={b.image} alt="" className="h-16 w-28 rounded-xl object-cover" />
              <div className="flex-1">
                <p className="font-semibold">
                  {b.active ? b.headline : t('admin.banners.hidden', { headline: b.headline })}
                </p>
                <p className="text-sm text-stone-600">
                  {b.text} → {b.link}
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setEditing(b)}
                aria-label={t('admin.editName', { name: b.headline })}
              >
                {t('admin.edit')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="text-red-700"
                aria-label={t('admin.deleteName', { name: b.headline })}
                onClick={() =>
                  window.confirm(t('admin.banners.confirmDelete')) &&
                  del.mutate(b._id, { onError: (err) => toast.error(errorMessage(err)) })
                }
              >
                {t('admin.delete')}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { useId, useRef } from 'react';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { Spinner } from '../../../components/ui/spinner';
import { useUploadSellerImage } from '../api/upload-image';
import { Trans, useT } from '../../../i18n';

/** Pick images one by one; each is uploaded (re-encoded by the server) and shown with a remove button. */
export function ImageUpload({
  kind,
  urls,
  max,
  onChange,
  label,
}: {
  kind: 'profile' | 'product';
  urls: string[];
  max: number;
  onChange: (urls: string[]) => void;
  label: string;
}) {
  const t = useT('seller');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadSellerImage(kind);
  const handleFiles = async (files: FileList | null) => {
    if (!files) return;
    let next = [...urls];
    for (const file of Array.from(files).slice(0, max - next.length)) {
      try {
        next = [...next, await upload.mutateAsync(file)];
        onChange(next);
      } catch (err) {
        toast.error(errorMessage(err));
      }
    }
    if (input.current) input.current.value = '';
  };
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-stone-800">{label}</legend>
      <div className="flex flex-wrap gap-3">
        {urls.map((u, i) => (
          <div key={u} className="relative">
            <img
              src={u}
              alt={t('seller.image.alt', { number: i + 1 })}
              className="size-24 rounded-xl object-cover ring-1 ring-stone-200"
            />
            <button
              type="button"
              onClick={() => onChange(urls.filter((x) => x !== u))}
              className="absolute -right-2 -top-2 grid size-7 place-items-center rounded-full bg-white text-red-700 shadow ring-1 ring-stone-200"
              aria-label={t('seller.image.remove', { number: i + 1 })}
            >
              ×
            </button>
          </div>
        ))}
        {urls.length < max && (
          <label
            htmlFor={id}
            className="grid size-24 cursor-pointer place-items-center rounded-xl border-2 border-dashed border-stone-300 bg-stone-50 text-center text-xs font-semibold text-stone-700 hover:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600"
          >
            {upload.isPending ? (
              <Spinner size={24} label={t('seller.image.uploading')} />
            ) : (
              <span>
                <Trans area="seller" id="seller.image.add" components={{ br: <br /> }} />
              </span>
            )}
            <input
              ref={input}
              id={id}
              type="file"
              accept="image/*"
              multiple={max > 1}
              className="sr-only"
              onChange={(e) => void handleFiles(e.target.files)}
            />
          </label>
        )}
      </div>
    </fieldset>
  );
}

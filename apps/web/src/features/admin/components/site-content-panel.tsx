import { useState, type FormEvent, type ReactNode } from 'react';
import {
  FAQ_TOPICS,
  LANGUAGE_NAMES,
  LANGUAGES,
  SITE_CONTENT,
  type ContactContent,
  type FaqEntry,
  type FaqTopic,
  type Language,
  type SiteContentKey,
  type TermsSection,
} from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextArea, TextField } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { fmtTime } from '../../../lib/format-time';
import { toast } from '../../../lib/toast';
import { SelectField } from './select-field';
import { useT, type MessageId } from '../../../i18n';
import { useAdminSiteContent, useSaveSiteContent } from '../api/site-content';

const PAGES: { key: SiteContentKey; label: MessageId<'admin'> }[] = [
  { key: 'faq', label: 'admin.content.faq' },
  { key: 'customer-terms', label: 'admin.content.customerTerms' },
  { key: 'rider-terms', label: 'admin.content.riderTerms' },
  { key: 'contact', label: 'admin.content.contact' },
];

/** Each FAQ topic's name, as the catalogue has it. */
const TOPIC_NAMES: Record<FaqTopic, MessageId<'admin'>> = {
  what: 'admin.content.topics.what',
  who: 'admin.content.topics.who',
  order: 'admin.content.topics.order',
  items: 'admin.content.topics.items',
  hours: 'admin.content.topics.hours',
  time: 'admin.content.topics.time',
  cost: 'admin.content.topics.cost',
  schedule: 'admin.content.topics.schedule',
  batch: 'admin.content.topics.batch',
  group: 'admin.content.topics.group',
  absent: 'admin.content.topics.absent',
  cancel: 'admin.content.topics.cancel',
  payment: 'admin.content.topics.payment',
  track: 'admin.content.topics.track',
  minimum: 'admin.content.topics.minimum',
  wrong: 'admin.content.topics.wrong',
  dispatch: 'admin.content.topics.dispatch',
  support: 'admin.content.topics.support',
};

/** A problem per field, keyed by the issue's path ("entries.3.answer"); "" for the form as a whole. */
type Problems = Record<string, string[]>;

/** Local ids, so a reordered list keeps each field's typing and focus. */
let seq = 0;
const withIds = <T,>(list: readonly T[]) => list.map((x) => ({ ...x, id: ++seq }));
const without = <T extends { id: number }>(list: readonly T[]) => list.map(({ id: _id, ...rest }) => rest);

/** Moves item i by `by` places inside `list` (no move past either end). */
function moved<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

function RowButtons({
  name,
  first,
  last,
  onMove,
  onRemove,
  removable,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  removable: boolean;
}) {
  const t = useT('admin');
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        disabled={first}
        onClick={() => onMove(-1)}
        aria-label={t('admin.content.upName', { name })}
      >
        {t('admin.content.up')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={last}
        onClick={() => onMove(1)}
        aria-label={t('admin.content.downName', { name })}
      >
        {t('admin.content.down')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="text-red-700"
        disabled={!removable}
        onClick={onRemove}
        aria-label={t('admin.deleteName', { name })}
      >
        {t('admin.delete')}
      </Button>
    </div>
  );
}

type Entry = FaqEntry & { id: number };

function FaqForm({ initial, onSave }: FormProps<'faq'>) {
  const t = useT('admin');
  const [entries, setEntries] = useState<Entry[]>(() => withIds(initial.entries));
  const [problems, setProblems] = useState<Problems>({});
  const body = { entries: without(entries) };
  const indexOf = (id: number) => entries.findIndex((e) => e.id === id);
  const set = (id: number, change: Partial<FaqEntry>) =>
    setEntries((list) => list.map((e) => (e.id === id ? { ...e, ...change } : e)));
  const moveWithin = (topic: FaqTopic, id: number, by: -1 | 1) =>
    setEntries((list) => {
      const same = list.filter((e) => e.topic === topic);
      const i = same.findIndex((e) => e.id === id);
      const order = moved(same, i, by);
      // The other topics keep their places; this topic's entries take the new order.
      let k = 0;
      return list.map((e) => (e.topic === topic ? order[k++]! : e));
    });

  return (
    <ContentForm pageKey="faq" body={body} onSave={onSave} setProblems={setProblems}>
      {FAQ_TOPICS.map((topic) => {
        const inTopic = entries.filter((e) => e.topic === topic);
        return (
          <fieldset key={topic} className="space-y-3 rounded-2xl border border-stone-200 p-4">
            <legend className="px-1 font-bold">{t(TOPIC_NAMES[topic])}</legend>
            {inTopic.map((e, n) => {
              const at = `entries.${indexOf(e.id)}`;
              const name = e.question || t('admin.content.newQuestion');
              return (
                <div key={e.id} className="space-y-2 border-b border-stone-100 pb-3 last:border-0">
                  <TextField
                    label={t('admin.content.question', { n: n + 1 })}
                    value={e.question}
                    onChange={(ev) => set(e.id, { question: ev.target.value })}
                    errors={problems[`${at}.question`]}
                    maxLength={200}
                  />
                  <TextArea
                    label={t('admin.content.answer', { n: n + 1 })}
                    value={e.answer}
                    rows={4}
                    onChange={(ev) => set(e.id, { answer: ev.target.value })}
                    errors={problems[`${at}.answer`]}
                    maxLength={2000}
                  />
                  <RowButtons
                    name={name}
                    first={n === 0}
                    last={n === inTopic.length - 1}
                    onMove={(by) => moveWithin(topic, e.id, by)}
                    removable={inTopic.length > 1}
                    onRemove={() => setEntries((list) => list.filter((x) => x.id !== e.id))}
                  />
                </div>
              );
            })}
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                // Added after the topic's last entry, so the page shows it there too.
                const last = entries.map((x) => x.topic).lastIndexOf(topic);
                const entry = withIds([{ topic, question: '', answer: '' }])[0]!;
                setEntries((list) => [...list.slice(0, last + 1), entry, ...list.slice(last + 1)]);
              }}
            >
              {t('admin.content.addQuestion', { topic: t(TOPIC_NAMES[topic]) })}
            </Button>
          </fieldset>
        );
      })}
    </ContentForm>
  );
}

type Section = TermsSection & { id: number };

function TermsForm({
  pageKey,
  initial,
  onSave,
}: FormProps<'customer-terms' | 'rider-terms'> & { pageKey: 'customer-terms' | 'rider-terms' }) {
  const t = useT('admin');
  const [sections, setSections] = useState<Section[]>(() => withIds(initial.sections));
  const [problems, setProblems] = useState<Problems>({});
  const set = (id: number, change: Partial<TermsSection>) =>
    setSections((list) => list.map((s) => (s.id === id ? { ...s, ...change } : s)));
  return (
    <ContentForm pageKey={pageKey} body={{ sections: without(sections) }} onSave={onSave} setProblems={setProblems}>
      <p className="text-sm text-stone-600">{t('admin.content.paragraphs')}</p>
      <ol className="space-y-4">
        {sections.map((s, i) => (
          <li key={s.id} className="space-y-2 rounded-2xl border border-stone-200 p-4">
            <TextField
              label={t('admin.content.heading', { n: i + 1 })}
              value={s.heading}
              onChange={(e) => set(s.id, { heading: e.target.value })}
              errors={problems[`sections.${i}.heading`]}
              maxLength={160}
            />
            <TextArea
              label={t('admin.content.body', { n: i + 1 })}
              value={s.body}
              rows={6}
              onChange={(e) => set(s.id, { body: e.target.value })}
              errors={problems[`sections.${i}.body`]}
              maxLength={5000}
            />
            <RowButtons
              name={s.heading || t('admin.content.newSection')}
              first={i === 0}
              last={i === sections.length - 1}
              onMove={(by) => setSections((list) => moved(list, i, by))}
              removable={sections.length > 1}
              onRemove={() => setSections((list) => list.filter((x) => x.id !== s.id))}
            />
          </li>
        ))}
      </ol>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setSections((list) => [...list, ...withIds([{ heading: '', body: '' }])])}
      >
        {t('admin.content.addSection')}
      </Button>
    </ContentForm>
  );
}

function ContactForm({ initial, onSave }: FormProps<'contact'>) {
  const t = useT('admin');
  const [c, setC] = useState<ContactContent>(initial);
  const [problems, setProblems] = useState<Problems>({});
  // A single field's issue has a path of one: keyed by the field's name here.
  const field = (name: keyof ContactContent) => problems[`=${name}`];
  return (
    <ContentForm pageKey="contact" body={c} onSave={onSave} setProblems={setProblems} flat>
      <p className="text-sm text-stone-600">{t('admin.content.contactHint')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('admin.content.phone')}
          type="tel"
          value={c.phone}
          onChange={(e) => setC({ ...c, phone: e.target.value })}
          errors={field('phone')}
        />
        <TextField
          label={t('admin.content.email')}
          type="email"
          value={c.email}
          onChange={(e) => setC({ ...c, email: e.target.value })}
          errors={field('email')}
        />
        <TextField
          label={t('admin.content.address')}
          value={c.address}
          onChange={(e) => setC({ ...c, address: e.target.value })}
          errors={field('address')}
          maxLength={300}
        />
        <TextField
          label={t('admin.content.hours')}
          value={c.hours}
          onChange={(e) => setC({ ...c, hours: e.target.value })}
          errors={field('hours')}
          maxLength={120}
        />
      </div>
    </ContentForm>
  );
}

interface FormProps<K extends SiteContentKey> {
  initial: (typeof SITE_CONTENT)[K]['_output'];
  onSave: (body: unknown) => Promise<void>;
}

/** The form around a page's fields: checks with the page's schema, then saves; says what went wrong or that it saved. */
function ContentForm({
  pageKey,
  body,
  onSave,
  setProblems,
  flat = false,
  children,
}: {
  pageKey: SiteContentKey;
  body: unknown;
  onSave: (body: unknown) => Promise<void>;
  setProblems: (p: Problems) => void;
  /** Fields at the top of the body (contact): an issue's one-part path names its field. */
  flat?: boolean;
  children: ReactNode;
}) {
  const t = useT('admin');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = SITE_CONTENT[pageKey].safeParse(body);
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const at =
          flat && issue.path.length === 1
            ? `=${String(issue.path[0])}`
            : issue.path.length > 1
              ? issue.path.join('.')
              : '';
        (found[at] ??= []).push(issue.message);
      }
      setProblems(found);
      setFailure(found[''] ? found[''].join(' ') : t('admin.content.fix'));
      return;
    }
    setProblems({});
    setBusy(true);
    try {
      await onSave(parsed.data);
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      {children}
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? t('admin.content.saving') : t('admin.content.save')}
      </Button>
    </form>
  );
}

function PageEditor({ pageKey, language }: { pageKey: SiteContentKey; language: Language }) {
  const t = useT('admin');
  const content = useAdminSiteContent(pageKey, language);
  const save = useSaveSiteContent();
  const [savedAt, setSavedAt] = useState<string | null>(null);
  if (content.isPending) return <Skeleton className="h-72" />;
  if (content.error) return <EmptyState message={errorMessage(content.error)} />;
  const onSave = async (body: unknown) => {
    const answer = await save.mutateAsync({ key: pageKey, language, body: body as never });
    setSavedAt(answer.updatedAt);
    toast.success(t('admin.content.saved'));
  };
  const answer = content.data;
  const updated = savedAt ?? answer.updatedAt;
  // Each page and language has its own form: a switch starts from what that one holds.
  const formKey = `${pageKey}:${language}`;
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-600" role="status">
        {savedAt
          ? t('admin.content.savedAt', { when: fmtTime(savedAt) })
          : updated
            ? t('admin.content.updatedAt', { when: fmtTime(updated) })
            : t('admin.content.original')}
      </p>
      {answer.key === 'faq' ? (
        <FaqForm key={formKey} initial={answer.body} onSave={onSave} />
      ) : answer.key === 'contact' ? (
        <ContactForm key={formKey} initial={answer.body} onSave={onSave} />
      ) : (
        <TermsForm key={formKey} pageKey={answer.key} initial={answer.body} onSave={onSave} />
      )}
    </div>
  );
}

/** /admin/content: the FAQ, the terms and the contact details, per language (issue 33). */
export function SiteContentPanel() {
  const t = useT('admin');
  const [pageKey, setPageKey] = useState<SiteContentKey>('faq');
  const [language, setLanguage] = useState<Language>('en');
  return (
    <Card className="space-y-4">
      <p className="text-sm text-stone-700">{t('admin.content.intro')}</p>
      <div className="flex flex-wrap gap-3">
        <SelectField
          label={t('admin.content.page')}
          value={pageKey}
          onChange={(e) => setPageKey(e.target.value as SiteContentKey)}
        >
          {PAGES.map((p) => (
            <option key={p.key} value={p.key}>
              {t(p.label)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('admin.content.language')}
          value={language}
          onChange={(e) => setLanguage(e.target.value as Language)}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </SelectField>
      </div>
      <PageEditor key={`${pageKey}:${language}`} pageKey={pageKey} language={language} />
    </Card>
  );
}

import { formatNaira, type Language } from '@jara/shared';
import type { SandboxRow } from '../../infra/payments/sandbox.js';
import { t } from './payments.messages.js';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const CHANNELS = [
  { id: 'card', label: 'payments.page.card', hint: 'payments.page.card.hint' },
  { id: 'bank_transfer', label: 'payments.page.bankTransfer', hint: 'payments.page.bankTransfer.hint' },
  { id: 'ussd', label: 'payments.page.ussd', hint: 'payments.page.ussd.hint' },
] as const;

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f5f8;color:#101828;min-height:100vh;display:grid;place-items:center;padding:16px}
.card{width:100%;max-width:420px;background:#fff;border-radius:14px;box-shadow:0 10px 30px rgba(16,24,40,.12);overflow:hidden}
.top{display:flex;justify-content:space-between;align-items:center;padding:18px 22px;border-bottom:1px solid #eaecf0}
.brand{font-weight:800;color:#011b33;font-size:18px}.brand span{color:#3bb75e}
.who{text-align:right;font-size:13px;color:#475467}.who b{display:block;color:#101828;font-size:17px}
.badge{display:inline-block;background:#fff4e5;color:#b54708;font-size:11px;font-weight:700;border-radius:99px;padding:2px 8px;margin-top:4px}
form{padding:18px 22px 22px}fieldset{border:0;padding:0;margin:0}legend{font-size:13px;font-weight:700;color:#475467;margin-bottom:8px}
label.ch{display:flex;gap:10px;align-items:flex-start;border:1px solid #d0d5dd;border-radius:10px;padding:12px;margin-bottom:8px;cursor:pointer}
label.ch:has(input:checked){border-color:#3bb75e;background:#f0fbf3}label.ch small{display:block;color:#667085;margin-top:2px}
button{width:100%;border:0;border-radius:10px;padding:14px;font-size:16px;font-weight:700;cursor:pointer;margin-top:10px}
.pay{background:#3bb75e;color:#fff}.decline{background:#fff;color:#b42318;border:1px solid #fda29b}.cancel{background:transparent;color:#475467;text-decoration:underline;font-weight:500}
button:focus-visible,input:focus-visible{outline:3px solid #011b33;outline-offset:2px}
.note{font-size:12px;color:#667085;text-align:center;padding:0 22px 18px}.done{padding:28px 22px;text-align:center}a{color:#011b33}
`;

// Inline, so the browser never asks for /favicon.ico (a 404 on every sandbox page).
const FAVICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#011b33"/><path d="M9 11h14M9 16h14M9 21h9" stroke="#3bb75e" stroke-width="3" stroke-linecap="round"/></svg>')}`;

function shell(lang: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><link rel="icon" href="${FAVICON}"><style>${STYLE}</style></head><body><main class="card">${body}</main></body></html>`;
}

// The page's words come from the catalogue and are escaped like any other text; a value with markup
// of its own (the amount's span) is given as MARK and put in after escaping.
const MARK = '\u0000';
const withHtml = (text: string, html: string) => esc(text).replace(MARK, html);

function header(lang: Language, row: SandboxRow): string {
  const amount = `<span data-testid="sandbox-amount">${esc(formatNaira(row.amountKobo))}</span>`;
  return `<div class="top"><div class="brand">pay<span>stack</span><div class="badge">${esc(t(lang, 'payments.page.badge'))}</div></div>
<div class="who">${esc(row.email)}<b>${withHtml(t(lang, 'payments.page.amount', { amount: MARK }), amount)}</b></div></div>`;
}

/** A checkout page that looks and behaves like Paystack's hosted page (pay, decline, cancel), in the visitor's language. */
export function renderCheckout(row: SandboxRow, lang: Language): string {
  if (row.status !== 'ongoing') {
    const what =
      row.status === 'success'
        ? t(lang, 'payments.page.done.complete')
        : row.status === 'failed'
          ? t(lang, 'payments.page.done.declined')
          : t(lang, 'payments.page.done.cancelled');
    const dispatch = new URL(row.callbackUrl).searchParams.get('next') === 'dispatch';
    const [href, label] = dispatch
      ? ['/dispatch', t(lang, 'payments.page.toDispatches')]
      : row.status === 'success'
        ? ['/my-orders', t(lang, 'payments.page.toOrders')]
        : ['/cart', t(lang, 'payments.page.toCart')];
    return shell(
      lang,
      t(lang, 'payments.page.done.title'),
      `${header(lang, row)}<div class="done"><p>${esc(what)}</p><p><a href="${href}">${esc(label)}</a></p></div>`,
    );
  }
  const channels = CHANNELS.map(
    (c, i) =>
      `<label class="ch"><input type="radio" name="channel" value="${c.id}"${i === 0 ? ' checked' : ''}><span><b>${esc(t(lang, c.label))}</b><small>${esc(t(lang, c.hint))}</small></span></label>`,
  ).join('');
  const amount = formatNaira(row.amountKobo);
  return shell(
    lang,
    t(lang, 'payments.page.title', { amount }),
    `${header(lang, row)}
<form method="post" action="/sandbox/checkout/${encodeURIComponent(row.reference)}">
<fieldset><legend>${esc(t(lang, 'payments.page.methods'))}</legend>${channels}</fieldset>
<button class="pay" type="submit" name="action" value="pay">${esc(t(lang, 'payments.page.pay', { amount }))}</button>
<button class="decline" type="submit" name="action" value="decline">${esc(t(lang, 'payments.page.decline'))}</button>
<button class="cancel" type="submit" name="action" value="cancel">${esc(t(lang, 'payments.page.cancel'))}</button>
</form>
<p class="note">${esc(t(lang, 'payments.page.reference', { reference: row.reference }))}</p>`,
  );
}

export function renderMissing(lang: Language): string {
  return shell(
    lang,
    t(lang, 'payments.page.missing.title'),
    `<div class="done"><p>${esc(t(lang, 'payments.page.missing.text'))}</p><p><a href="/cart">${esc(t(lang, 'payments.page.toCart'))}</a></p></div>`,
  );
}

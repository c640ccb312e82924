import { test, expect, devices, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { CUSTOMER, loginInModal } from './tests/helpers';

const SUPPORT = { email: 'support@jara.test', password: 'Support#2026' };
/** A real 1×1 PNG, as a screenshot pasted from the clipboard would arrive. */
const PNG_B64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const chatButton = (page: Page) => page.getByRole('button', { name: /support chat|Contact support/ });

async function pasteImage(page: Page) {
  await page.getByRole('textbox', { name: 'Message' }).evaluate((el, b64) => {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, PNG_B64);
}

test('customer chats with support: text and a pasted image, the agent answers live', async ({
  page,
  browser,
  baseURL,
}) => {
  const run = Date.now().toString(36);
  await page.goto('/');
  await loginInModal(page, CUSTOMER.email, CUSTOMER.password);

  await chatButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Customer Support' });
  await expect(panel).toBeVisible();
  const input = panel.getByRole('textbox', { name: 'Message' });
  await expect(input).toHaveAttribute('placeholder', 'Type a message...');
  await expect(panel.getByRole('button', { name: 'Send message' })).toBeDisabled();

  await input.fill(`Where is my order? ${run} see https://jara.test/faq`);
  await panel.getByRole('button', { name: 'Send message' }).click();
  const mine = panel.getByTestId('chat-message').filter({ hasText: `Where is my order? ${run}` });
  await expect(mine).toHaveAttribute('data-sent', 'true');
  await expect(mine.getByRole('img', { name: 'Sent' })).toBeVisible();
  const link = mine.getByRole('link', { name: 'https://jara.test/faq' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

  // Pasting an image attaches it with a preview and a remove button.
  await pasteImage(page);
  await expect(panel.getByTestId('attachment-preview')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Remove attachment' })).toBeVisible();
  await panel.getByRole('button', { name: 'Send message' }).click();
  await expect(panel.getByTestId('attachment-preview')).toBeHidden();
  const photo = panel.getByTestId('chat-message').last();
  await expect(photo).toHaveAttribute('data-sent', 'true');
  await expect(photo.getByRole('img', { name: 'Photo' })).toHaveAttribute(
    'src',
    /^\/api\/chat\/media\/[0-9a-f-]+\.webp$/,
  );
  // The photo opens full screen.
  await photo.getByRole('button', { name: 'Open photo full screen' }).click();
  await expect(page.getByRole('dialog', { name: 'Photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Close media' }).click();
  await expect(page.getByRole('dialog', { name: 'Photo' })).toBeHidden();

  const { violations } = await new AxeBuilder({ page })
    .include('[aria-labelledby="chat-title"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  // The support agent, in a second browser, answers from the inbox.
  const agentContext = await browser.newContext({ ...devices['Desktop Chrome'], baseURL });
  try {
    const agent = await agentContext.newPage();
    await agent.goto('/');
    await loginInModal(agent, SUPPORT.email, SUPPORT.password);
    await agent.goto('/support');
    await expect(agent.getByRole('heading', { name: 'Support Inbox' })).toBeVisible();
    await agent
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: /Ada Customer/ })
      .click();
    await expect(agent.getByText(`Where is my order? ${run}`)).toBeVisible();
    await expect(agent.getByRole('complementary', { name: "Customer's orders and dispatches" })).toContainText(
      'customer@jara.test',
    );
    const inboxAxe = await new AxeBuilder({ page: agent }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      inboxAxe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    // Typing shows on the customer's side, then the reply arrives live.
    const reply = agent.getByRole('textbox', { name: 'Message' });
    await reply.pressSequentially('Your rider', { delay: 20 });
    await expect(panel.getByText('Sade Support is typing...')).toBeVisible();
    await reply.pressSequentially(` is at the main gate ${run}.`);
    await agent.getByRole('button', { name: 'Send message' }).click();
    const answer = panel.getByTestId('chat-message').filter({ hasText: `Your rider is at the main gate ${run}.` });
    await expect(answer).toBeVisible();
    await expect(answer).toContainText('Sade Support');
    await expect(panel.getByText('Sade Support is typing...')).toBeHidden();

    // With the panel closed, a new answer shows as an unread badge on the floating button.
    await panel.getByRole('button', { name: 'Close chat' }).click();
    await reply.fill(`Anything else? ${run}`);
    await agent.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('chat-unread')).toHaveText('1');
    await chatButton(page).click();
    await expect(panel.getByText(`Anything else? ${run}`)).toBeVisible();
    await expect(page.getByTestId('chat-unread')).toBeHidden();
  } finally {
    await agentContext.close();
  }
});

test('a guest is sent to /contact and sends a message with an attachment', async ({ page, browser, baseURL }) => {
  const subject = `Missing item ${Date.now().toString(36)}`;
  await page.goto('/');
  await chatButton(page).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('button', { name: /support chat|Contact support/ })).toHaveCount(0);

  await page.getByLabel('Name').fill('Guest Shopper');
  await page.getByLabel('Email').fill('guest@example.com');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('My order came without the drink.');
  await page
    .getByLabel(/Attachment/)
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: Buffer.from(PNG_B64, 'base64') });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent successfully.')).toBeVisible();

  // It reaches the support inbox, attachment included.
  const agentContext = await browser.newContext({ ...devices['Desktop Chrome'], baseURL });
  try {
    const agent = await agentContext.newPage();
    await agent.goto('/');
    await loginInModal(agent, SUPPORT.email, SUPPORT.password);
    await agent.goto('/support?tab=contact');
    const item = agent.getByRole('button', { name: new RegExp(subject) });
    await item.click();
    await expect(agent.getByText('My order came without the drink.')).toBeVisible();
    await expect(agent.getByRole('img', { name: 'Attachment' })).toBeVisible();
  } finally {
    await agentContext.close();
  }
});

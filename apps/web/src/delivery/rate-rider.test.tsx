import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GUEST, renderApp, stubFetch } from '../test/render';
import { switchLanguage } from '../i18n';
import { RateRider } from './rate-rider';

describe('RateRider', () => {
  it('is operated by keyboard: Tab to the stars, arrows to choose, a comment, submit; then shows the stars given', async () => {
    const ratings: { subjectType: string; subjectId: string; stars: number }[] = [];
    const calls = stubFetch({
      ...GUEST,
      'GET /api/ratings/mine': () => ({ success: true, ratings }),
      'POST /api/ratings': (body: unknown) => {
        const b = body as { subjectType: string; subjectId: string; stars: number };
        ratings.push({ subjectType: b.subjectType, subjectId: b.subjectId, stars: b.stars });
        return { success: true, message: 'Thanks for rating your rider!' };
      },
    });
    renderApp(<RateRider subjectType="order" subjectId="o1" />);
    const form = await screen.findByRole('form', { name: 'Rate your rider' });
    const group = within(form).getByRole('group', { name: 'Rate your rider' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(form).getByRole('button', { name: 'Submit rating' })).toBeDisabled();

    await userEvent.tab();
    expect(within(group).getByRole('radio', { name: '1 star' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '4 stars' })).toBeChecked();
    await userEvent.tab();
    expect(within(form).getByRole('textbox', { name: 'Comment (optional)' })).toHaveFocus();
    await userEvent.keyboard('  Quick and polite  ');
    await userEvent.tab();
    expect(within(form).getByRole('button', { name: 'Submit rating' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByText('Thanks for rating your rider!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      subjectType: 'order',
      subjectId: 'o1',
      stars: 4,
      comment: 'Quick and polite',
    });
    expect(await screen.findByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('You rated your rider')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Rate your rider' })).not.toBeInTheDocument();
  });

  it('sends no comment when none is written, and shows the server refusal', async () => {
    const calls = stubFetch({
      ...GUEST,
      'GET /api/ratings/mine': { success: true, ratings: [] },
      'POST /api/ratings': () =>
        new Response(
          JSON.stringify({ success: false, message: 'You have already rated this delivery.', code: 'already_rated' }),
          { status: 409 },
        ),
    });
    renderApp(<RateRider subjectType="dispatch" subjectId="d1" />);
    await userEvent.click(await screen.findByRole('radio', { name: '2 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(await screen.findByText('You have already rated this delivery.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      subjectType: 'dispatch',
      subjectId: 'd1',
      stars: 2,
    });
  });

  it('shows a rating already given instead of the form', async () => {
    stubFetch({
      ...GUEST,
      'GET /api/ratings/mine': {
        success: true,
        ratings: [
          { subjectType: 'order', subjectId: 'd1', stars: 1 },
          { subjectType: 'dispatch', subjectId: 'd1', stars: 5 },
        ],
      },
    });
    renderApp(<RateRider subjectType="dispatch" subjectId="d1" />);
    expect(await screen.findByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  describe('in Pidgin', () => {
    afterEach(() => switchLanguage('en'));

    it('thanks the customer in Pidgin after the switch', async () => {
      await switchLanguage('pcm');
      stubFetch({
        ...GUEST,
        'GET /api/ratings/mine': { success: true, ratings: [] },
        'POST /api/ratings': { success: true, message: 'Thanks for rating your rider!' },
      });
      renderApp(<RateRider subjectType="order" subjectId="o1" />);
      await userEvent.click(await screen.findByRole('radio', { name: '5 stars' }));
      await userEvent.click(screen.getByRole('button', { name: 'Send rating' }));
      expect(await screen.findByText('Thank you as you rate your rider!')).toBeInTheDocument();
    });
  });
});

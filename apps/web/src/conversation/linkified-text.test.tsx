import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LinkifiedText } from './linkified-text';

describe('LinkifiedText', () => {
  it('makes http and https links open in a new tab, and never javascript:', () => {
    render(<LinkifiedText text="Track it at https://jara.ng/my-orders. Or javascript:alert(1) http://x.co" />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://jara.ng/my-orders', 'http://x.co/']);
    for (const a of links) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(screen.getByText(/javascript:alert\(1\)/).tagName).toBe('SPAN');
  });
});

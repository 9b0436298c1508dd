import { describe, expect, it } from '@jest/globals';
import { AccountMessage } from '@kith/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { LandingPage } from './LandingPage.js';

describe('LandingPage', () => {
  it('advertises phone sync as the real feature, saying where to set it up', () => {
    render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    const feature = screen.getByRole('heading', { level: 3, name: 'Manage Contacts' }).closest('article')!;
    expect(feature.textContent).toContain('synced with your phone over CardDAV');
    expect(feature.textContent).toContain('Settings › Phone sync');
  });

  it('confirms on screen what the page was sent to say (a deleted account), and says nothing otherwise', () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={[{ pathname: '/', state: { notice: AccountMessage.DELETED } }]}>
        <LandingPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toBe('Your account and all its data have been deleted');
    unmount();
    render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});

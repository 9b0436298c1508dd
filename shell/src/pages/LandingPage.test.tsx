import { describe, expect, it } from '@jest/globals';
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
});

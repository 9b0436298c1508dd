import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { DEFAULT_PREFERENCES, usePreferences } from './usePreferences.js';

beforeEach(() => localStorage.clear());

describe('usePreferences', () => {
  it('starts from the spec defaults', () => {
    const { result } = renderHook(() => usePreferences('contacts'));
    expect(result.current.preferences).toEqual({
      view: 'grid',
      groupByList: false,
      sortBy: 'name',
      sortOrder: 'asc',
      selectedFilters: [],
      showCompleted: false,
      compactMode: false,
    });
    expect(localStorage.getItem('preferences_contacts')).toBeNull();
  });

  it("defaults the dashboard's sort to 'updated'", () => {
    const { result } = renderHook(() => usePreferences('dashboard'));
    expect(result.current.preferences.sortBy).toBe('updated');
  });

  it('saves every change under preferences_{screen} and reads it back', () => {
    const first = renderHook(() => usePreferences('lists'));
    act(() => first.result.current.setPreference('view', 'list'));
    act(() => first.result.current.updatePreferences({ sortBy: 'overdueCount', sortOrder: 'desc' }));
    expect(JSON.parse(localStorage.getItem('preferences_lists')!)).toMatchObject({
      view: 'list',
      sortBy: 'overdueCount',
      sortOrder: 'desc',
    });

    const later = renderHook(() => usePreferences('lists'));
    expect(later.result.current.preferences).toEqual({
      ...DEFAULT_PREFERENCES,
      view: 'list',
      sortBy: 'overdueCount',
      sortOrder: 'desc',
    });
    expect(renderHook(() => usePreferences('contacts')).result.current.preferences.view).toBe('grid');
  });

  it('reset removes the stored entry and returns to the defaults', () => {
    const { result } = renderHook(() => usePreferences('contacts'));
    act(() => result.current.setPreference('groupByList', true));
    act(() => result.current.reset());
    expect(localStorage.getItem('preferences_contacts')).toBeNull();
    expect(result.current.preferences).toEqual(DEFAULT_PREFERENCES);
  });

  it('ignores a stored entry that is not JSON', () => {
    localStorage.setItem('preferences_contacts', '{oops');
    const { result } = renderHook(() => usePreferences('contacts'));
    expect(result.current.preferences).toEqual(DEFAULT_PREFERENCES);
  });
});

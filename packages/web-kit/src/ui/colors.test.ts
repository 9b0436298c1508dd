import { describe, expect, it } from '@jest/globals';
import { readableTextOn } from './colors.js';

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5]
    .map((start) => parseInt(hex.slice(start, start + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

describe('readableTextOn', () => {
  it('picks the text colour that reaches AA on any list colour', () => {
    for (const background of [
      '#ef4444',
      '#f59e0b',
      '#3b82f6',
      '#10b981',
      '#8b5cf6',
      '#f97316',
      '#6b7280',
      '#64748b',
      '#1e3a8a',
      '#ffff00',
      '#777777',
    ]) {
      expect(contrast(readableTextOn(background), background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
    expect(readableTextOn('#ffff00')).toBe('#000000');
  });
});

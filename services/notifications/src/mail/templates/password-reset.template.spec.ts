import { renderPasswordResetEmail } from './password-reset.template.js';

describe('renderPasswordResetEmail', () => {
  const sut = renderPasswordResetEmail({
    recipient: { firstName: 'Ada', email: 'ada@example.test' },
    token: 'abc+/=def',
    appUrl: 'https://kith.example.org',
  });

  it('links to the reset page with the token, from APP_URL', () => {
    const link = 'https://kith.example.org/reset-password?token=abc%2B%2F%3Ddef';
    expect(sut.text).toContain(link);
    expect(sut.html).toContain(`href="${link}"`);
  });

  it('says the link expires in 60 minutes and greets the user', () => {
    expect(sut.subject).toBe('Reset your Kith password');
    for (const part of [sut.html, sut.text]) {
      expect(part).toContain('expires in 60 minutes');
      expect(part).toContain('Hi Ada');
      expect(part).toContain('ada@example.test');
    }
  });
});

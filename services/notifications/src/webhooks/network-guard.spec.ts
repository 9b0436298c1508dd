import { assertPublicHost, isPrivateAddress } from './network-guard.js';

describe('isPrivateAddress', () => {
  it('refuses loopback, private, link-local, CGNAT and unique-local targets, IPv4-mapped ones too', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'not-an-ip',
    ]) {
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    }
  });
  it('allows public unicast addresses', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])
      expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('assertPublicHost', () => {
  it('refuses private literals and names that resolve to them, unless allowed', async () => {
    await expect(assertPublicHost(new URL('http://127.0.0.1:8080/hook'), false)).rejects.toThrow(/private-network/);
    await expect(assertPublicHost(new URL('http://[::1]/hook'), false)).rejects.toThrow(/private-network/);
    await expect(assertPublicHost(new URL('http://localhost/hook'), false)).rejects.toThrow(/private-network/);
    await expect(assertPublicHost(new URL('http://localhost/hook'), true)).resolves.toBeUndefined();
    await expect(assertPublicHost(new URL('https://93.184.216.34/hook'), false)).resolves.toBeUndefined();
  });
});

import { replicasFromEnv } from './stack.mjs';

describe('replicasFromEnv', () => {
  it('one of each service unless told otherwise', () => {
    expect(replicasFromEnv({})).toEqual({ auth: 1, contacts: 1, notifications: 1 });
  });

  it('KITH_REPLICAS sets every service, KITH_REPLICAS_<SERVICE> one (and wins)', () => {
    expect(replicasFromEnv({ KITH_REPLICAS: '2' })).toEqual({ auth: 2, contacts: 2, notifications: 2 });
    expect(replicasFromEnv({ KITH_REPLICAS: '2', KITH_REPLICAS_CONTACTS: '3' })).toEqual({
      auth: 2,
      contacts: 3,
      notifications: 2,
    });
  });

  it('refuses a count that is not a small whole number, naming the variable', () => {
    expect(() => replicasFromEnv({ KITH_REPLICAS: 'two' })).toThrow(/KITH_REPLICAS must be a whole number/);
    expect(() => replicasFromEnv({ KITH_REPLICAS_AUTH: '0' })).toThrow(/KITH_REPLICAS_AUTH must be/);
  });
});

type Resolvers = (typeof import('./form-schemas.js'))['resolvers'];
type AnyResolver = (...args: unknown[]) => unknown;
let loading: Promise<Resolvers> | undefined;
const loadResolvers = () =>
  (loading ??= import(/* webpackChunkName: "form-schemas" */ './form-schemas.js').then((module) => module.resolvers));

/**
 * A sign-in form's resolver (form-schemas.ts). The schemas, and zod with them, load beside the
 * page rather than in it: asked for as the form first renders, awaited by its first check.
 */
export function schemaResolver<Name extends keyof Resolvers>(name: Name): Resolvers[Name] {
  void loadResolvers();
  const resolve = async (...args: unknown[]) => ((await loadResolvers())[name] as AnyResolver)(...args);
  return resolve as unknown as Resolvers[Name];
}

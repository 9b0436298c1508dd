type Resolvers = (typeof import('./form-schemas.js'))['resolvers'];
type AnyResolver = (...args: unknown[]) => unknown;
let loading: Promise<Resolvers> | undefined;
const loadResolvers = () =>
  (loading ??= import(/* webpackChunkName: "form-schemas" */ './form-schemas.js').then((module) => module.resolvers));

/** Starts loading the schemas the first time someone focuses or touches anything on the page. */
function loadOnFirstInteraction() {
  if (loading || typeof document === 'undefined') return;
  const start = () => {
    document.removeEventListener('focusin', start, true);
    document.removeEventListener('pointerdown', start, true);
    void loadResolvers();
  };
  document.addEventListener('focusin', start, true);
  document.addEventListener('pointerdown', start, true);
}

/**
 * A form's resolver (form-schemas.ts). The schemas, and zod with them (about 30 kB), are not part
 * of the page a visitor downloads to see the form: they load once someone starts filling it in,
 * and the first check awaits them if that has not happened yet (a form submitted by Enter).
 */
export function schemaResolver<Name extends keyof Resolvers>(name: Name): Resolvers[Name] {
  loadOnFirstInteraction();
  const resolve = async (...args: unknown[]) => ((await loadResolvers())[name] as AnyResolver)(...args);
  return resolve as unknown as Resolvers[Name];
}

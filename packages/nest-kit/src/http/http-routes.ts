import { type DynamicModule, type ForwardReference, RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { type ApiService, apiRoutes, internalRoutes, publicPathOf } from '@kith/contracts';

/** `app.setGlobalPrefix(prefix, { exclude })` as a value, so the route check reads what main.ts applies. */
export interface GlobalPrefix {
  prefix: string;
  exclude?: { path: string; method: RequestMethod }[];
}

type ModuleEntry = Type<unknown> | DynamicModule | ForwardReference | Promise<DynamicModule> | undefined;

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');
const joinPath = (...parts: string[]) => `/${parts.map(trimSlashes).filter(Boolean).join('/')}`;

/** Every controller reachable from `root` through module imports, dynamic modules included. */
function controllersOf(root: ModuleEntry): Set<Type<unknown>> {
  const seen = new Set<unknown>();
  const controllers = new Set<Type<unknown>>();
  const visit = (entry: ModuleEntry) => {
    if (!entry || seen.has(entry)) return;
    seen.add(entry);
    if (entry instanceof Promise) throw new Error('Async dynamic modules are not walked: import them resolved');
    if ('forwardRef' in entry) return visit(entry.forwardRef());
    const dynamic = 'module' in entry ? entry : undefined;
    const moduleClass = dynamic ? dynamic.module : (entry as Type<unknown>);
    const metadata = <T>(key: string): T[] => Reflect.getMetadata(key, moduleClass) ?? [];
    for (const controller of [...metadata<Type<unknown>>(MODULE_METADATA.CONTROLLERS), ...(dynamic?.controllers ?? [])])
      controllers.add(controller);
    for (const imported of [...metadata<ModuleEntry>(MODULE_METADATA.IMPORTS), ...(dynamic?.imports ?? [])])
      visit(imported as ModuleEntry);
  };
  visit(root);
  return controllers;
}

/** Handler methods of a controller, inherited ones included. */
function handlersOf(controller: Type<unknown>): ((...args: unknown[]) => unknown)[] {
  const handlers = new Set<(...args: unknown[]) => unknown>();
  for (let proto = controller.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const value = Object.getOwnPropertyDescriptor(proto, name)?.value;
      if (name !== 'constructor' && typeof value === 'function') handlers.add(value);
    }
  }
  return [...handlers];
}

/**
 * The HTTP routes a Nest app built from `root` registers, read from the controllers' decorator
 * metadata (what Nest's router reads), as sorted `METHOD /path/:param` keys.
 */
export function httpRoutesOf(root: Type<unknown> | DynamicModule, globalPrefix?: GlobalPrefix): string[] {
  const routes = new Set<string>();
  for (const controller of controllersOf(root)) {
    const bases = [Reflect.getMetadata(PATH_METADATA, controller) ?? '/'].flat() as string[];
    for (const handler of handlersOf(controller)) {
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (method === undefined || paths === undefined) continue;
      for (const base of bases) {
        for (const path of [paths].flat()) {
          const local = joinPath(base, path);
          const excluded = globalPrefix?.exclude?.some(
            (rule) => joinPath(rule.path) === local && [method, RequestMethod.ALL].includes(rule.method),
          );
          const full = globalPrefix && !excluded ? joinPath(globalPrefix.prefix, local) : local;
          routes.add(`${RequestMethod[method]} ${full}`);
        }
      }
    }
  }
  return [...routes].sort();
}

/** What the route catalogue of @kith/contracts says `service` registers in Nest, in `httpRoutesOf`'s form. */
export function cataloguedNestRoutesOf(service: ApiService): string[] {
  const toKey = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;
  return [
    // Paths outside /api are plain Express middleware (CardDAV, the web app), not Nest routes.
    ...apiRoutes
      .filter((route) => route.service === service && !route.root)
      .map((route) => toKey(route.method, publicPathOf(route))),
    ...internalRoutes.filter((route) => route.service === service).map((route) => toKey(route.method, route.path)),
  ].sort();
}

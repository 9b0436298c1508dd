import { Modal } from '@kith/web-kit';
import { SHORTCUTS } from './shortcuts.js';

/** The '?' overlay listing the keyboard shortcuts. */
export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts" size="sm">
      <dl className="divide-y divide-slate-100">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.key} className="flex items-center justify-between gap-4 py-2 text-sm">
            <dt className="text-slate-700">{shortcut.description}</dt>
            <dd>
              <kbd className="rounded-md border border-slate-300 bg-slate-50 px-2 py-0.5 font-mono text-xs font-semibold text-slate-800 shadow-sm">
                {shortcut.key}
              </kbd>
            </dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}

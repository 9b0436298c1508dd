import {
  IMPORT_MAX_FILE_BYTES,
  IMPORT_REMIND_LATER_ABOVE,
  type ImportRemind,
  ValidationMessage,
  pluralize,
  type ImportParseResult,
} from '@kith/contracts';
import { Badge, Button, ErrorBanner, Modal, getErrorMessage, notify } from '@kith/web-kit';
import clsx from 'clsx';
import { FileUp, UploadCloud } from 'lucide-react';
import { useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { contactsApi } from '../api/contacts-api.js';
import { useImportContacts } from '../data/contact-mutations.js';
import { dropRejectionMessages } from '../logic/drop-rejection.js';
import {
  initialSelection,
  isSelectable,
  keptDetails,
  previewErrors,
  selectedContacts,
  toggleAll,
  toggleSelection,
} from '../logic/import-selection.js';

type Step =
  | { name: 'choose' }
  | { name: 'uploading'; fileName: string; progress: number }
  | { name: 'preview'; fileName: string; result: ImportParseResult };

const VCARD_ACCEPT = { 'text/vcard': ['.vcf', '.vcard'], 'text/x-vcard': ['.vcf', '.vcard'] };

export interface ImportContactsModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The drop zone that had focus is replaced by the upload progress, then by the preview: focus
 * moves along to the text that says what happened, so it never falls out of the dialog.
 */
const focusWhenShown = (element: HTMLElement | null) => element?.focus();

/** Choose one vCard file, preview what it holds, pick the rows, import. Everything resets on close. */
export function ImportContactsModal({ open, onClose }: ImportContactsModalProps) {
  const importContacts = useImportContacts();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  // Null until the person picks: the default follows the preview's size (see defaultRemind).
  const [remindChoice, setRemindChoice] = useState<ImportRemind | null>(null);

  const close = () => {
    if (importing) return;
    setStep({ name: 'choose' });
    setSelected(new Set());
    setRemindChoice(null);
    setError(null);
    onClose();
  };

  const parse = async (file: File) => {
    setError(null);
    setStep({ name: 'uploading', fileName: file.name, progress: 0 });
    try {
      const result = await contactsApi.parseImport(file, (progress) =>
        setStep({ name: 'uploading', fileName: file.name, progress }),
      );
      if (result.validContacts === 0) notify.error('No valid contacts found in VCF file');
      else notify.success(`Parsed ${pluralize(result.validContacts, 'valid contact')}`);
      setSelected(initialSelection(result));
      setStep({ name: 'preview', fileName: file.name, result });
    } catch (reason) {
      notify.error(getErrorMessage(reason, 'Failed to parse VCF file'));
      setError('Failed to parse VCF file. Please ensure it is a valid VCF file.');
      setStep({ name: 'choose' });
    }
  };

  const onDrop = (accepted: File[], rejected: FileRejection[]) => {
    if (rejected.length > 0) {
      setError(dropRejectionMessages(rejected).join('. '));
      return;
    }
    if (accepted[0]) void parse(accepted[0]);
  };

  const dropzone = useDropzone({
    onDrop,
    accept: VCARD_ACCEPT,
    maxFiles: 1,
    multiple: false,
    maxSize: IMPORT_MAX_FILE_BYTES,
    disabled: step.name !== 'choose',
  });

  const confirm = async () => {
    if (step.name !== 'preview') return;
    const contacts = selectedContacts(step.result, selected);
    if (contacts.length === 0) return setError(ValidationMessage.SELECT_AT_LEAST_ONE);
    setError(null);
    setImporting(true);
    try {
      const remind = remindChoice ?? defaultRemind(contacts.length);
      const { imported, skipped } = await importContacts.mutateAsync({ contacts, remind });
      notify.success(`Successfully imported ${pluralize(imported, 'contact')}`);
      if (skipped > 0) notify.error(`${pluralize(skipped, 'contact')} could not be imported`);
      setImporting(false);
      setStep({ name: 'choose' });
      setSelected(new Set());
      setRemindChoice(null);
      onClose();
    } catch (reason) {
      notify.error(getErrorMessage(reason, 'Failed to import contacts'));
      setError('Failed to import contacts. Please try again.');
      setImporting(false);
    }
  };

  const preview = step.name === 'preview' ? step.result : null;
  const selectableCount = preview ? initialSelection(preview).size : 0;

  return (
    <Modal
      open={open}
      onClose={close}
      dismissible={!importing}
      size={preview ? 'xl' : 'lg'}
      title="Import Contacts"
      description="Bring contacts in from a vCard file exported by your phone, Google Contacts, Outlook or iCloud."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={importing}>
            Cancel
          </Button>
          {preview && (
            <>
              <Button
                variant="ghost"
                onClick={() => {
                  setStep({ name: 'choose' });
                  setSelected(new Set());
                  setError(null);
                }}
                disabled={importing}
              >
                Choose another file
              </Button>
              <Button onClick={() => void confirm()} loading={importing}>
                Import {pluralize(selected.size, 'Contact')}
              </Button>
            </>
          )}
        </>
      }
    >
      {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}

      {step.name === 'choose' && (
        <div
          {...dropzone.getRootProps({
            className: clsx(
              'flex cursor-pointer flex-col items-center justify-center rounded-2xl border-2 border-dashed px-6 py-12 text-center transition-colors',
              dropzone.isDragActive
                ? 'border-blue-500 bg-blue-50'
                : 'border-slate-300 bg-slate-50 hover:border-blue-400 hover:bg-blue-50/50',
            ),
          })}
        >
          <input {...dropzone.getInputProps({ 'aria-label': 'vCard file' })} />
          <div className="mb-3 flex size-12 items-center justify-center rounded-full bg-blue-100 text-blue-600">
            <UploadCloud className="size-6" aria-hidden="true" />
          </div>
          <p className="text-sm font-semibold text-slate-900">
            {dropzone.isDragActive ? 'Drop the file here' : 'Drag a vCard file here, or click to choose one'}
          </p>
          <p className="mt-1 text-xs text-slate-500">One .vcf or .vcard file, up to 5 MB</p>
        </div>
      )}

      {step.name === 'uploading' && (
        <div className="py-10 text-center" aria-live="polite">
          <FileUp className="mx-auto mb-3 size-8 text-blue-600" aria-hidden="true" />
          <p ref={focusWhenShown} tabIndex={-1} className="text-sm font-medium text-slate-900 outline-none">
            Reading {step.fileName}...
          </p>
          <div
            className="mx-auto mt-4 h-2 max-w-sm overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(step.progress * 100)}
          >
            <div
              className="h-full rounded-full bg-blue-600 transition-all"
              style={{ width: `${Math.max(5, step.progress * 100)}%` }}
            />
          </div>
          <p className="mt-2 text-xs text-slate-500">
            {step.progress < 1 ? `${Math.round(step.progress * 100)}% uploaded` : 'Checking contacts...'}
          </p>
        </div>
      )}

      {preview && step.name === 'preview' && (
        <>
          <ImportPreview
            fileName={step.fileName}
            result={preview}
            selected={selected}
            selectableCount={selectableCount}
            onToggle={(index) => setSelected((current) => toggleSelection(current, index, preview))}
            onToggleAll={() => setSelected((current) => toggleAll(current, preview))}
          />
          <RemindChoice
            value={remindChoice ?? defaultRemind(selected.size)}
            onChange={setRemindChoice}
            disabled={importing}
          />
        </>
      )}
    </Modal>
  );
}

/** What the preview proposes: a whole address book is left out of reminders, a few cards follow the spec's rule. */
export function defaultRemind(count: number): ImportRemind {
  return count > IMPORT_REMIND_LATER_ABOVE ? 'later' : 'from-history';
}

const REMIND_OPTIONS: { value: ImportRemind; label: string; hint: string }[] = [
  {
    value: 'later',
    label: "Don't remind me about them yet",
    hint: 'They are never overdue until you switch "Keep in touch" on for them or put them in a list that reminds.',
  },
  {
    value: 'from-today',
    label: 'Start their reminder timers today',
    hint: 'Counts them as contacted today, so they become due after their interval instead of all being overdue now.',
  },
  {
    value: 'from-history',
    label: 'As their history says',
    hint: 'A card carries no last contact: they count as never contacted, so they are overdue now.',
  },
];

/** How the imported people are reminded about (the confirm body's `remind`). */
function RemindChoice({
  value,
  onChange,
  disabled,
}: {
  value: ImportRemind;
  onChange: (value: ImportRemind) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm">
      <legend className="px-1 font-medium text-slate-900">Reminders about the people you import</legend>
      <div className="space-y-2">
        {REMIND_OPTIONS.map((option) => (
          <label key={option.value} className="flex items-start gap-3">
            <input
              type="radio"
              name="import-remind"
              className="mt-0.5 size-4 accent-blue-600"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              disabled={disabled}
            />
            <span>
              <span className="font-medium text-slate-900">{option.label}</span>
              <span className="block text-xs text-slate-500">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ImportPreview({
  fileName,
  result,
  selected,
  selectableCount,
  onToggle,
  onToggleAll,
}: {
  fileName: string;
  result: ImportParseResult;
  selected: Set<number>;
  selectableCount: number;
  onToggle: (index: number) => void;
  onToggleAll: () => void;
}) {
  const { shown, hiddenCount } = previewErrors(result.errors);
  const stats = [
    { label: 'Found', value: result.totalParsed, className: 'text-slate-900' },
    { label: 'Valid', value: result.validContacts, className: 'text-green-700' },
    { label: 'Duplicates', value: result.duplicatesFound, className: 'text-yellow-700' },
    { label: 'Invalid', value: result.invalidContacts, className: 'text-red-700' },
  ];
  return (
    <div className="space-y-4">
      <p ref={focusWhenShown} tabIndex={-1} className="text-sm text-slate-600 outline-none">
        Preview of <span className="font-medium text-slate-900">{fileName}</span>
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-xl bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-500">{stat.label}</dt>
            <dd className={clsx('text-lg font-semibold', stat.className)}>{stat.value}</dd>
          </div>
        ))}
      </dl>
      {shown.length > 0 && (
        <div className="rounded-xl border border-yellow-200 bg-yellow-50 px-4 py-3 text-sm text-yellow-800">
          <ul className="list-disc space-y-0.5 pl-4">
            {shown.map((message, index) => (
              <li key={index}>{message}</li>
            ))}
          </ul>
          {hiddenCount > 0 && <p className="mt-1 font-medium">and {hiddenCount} more</p>}
        </div>
      )}
      <div className="overflow-hidden rounded-xl border border-slate-200">
        <div className="flex items-center justify-between border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-medium text-slate-600">
          <label className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300 accent-blue-600"
              checked={selectableCount > 0 && selected.size === selectableCount}
              disabled={selectableCount === 0}
              onChange={onToggleAll}
            />
            Select all importable
          </label>
          <span>
            {selected.size} of {selectableCount} selected
          </span>
        </div>
        <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto">
          {result.contacts.map((contact, index) => {
            const selectable = isSelectable(contact);
            const name = `${contact.firstName} ${contact.lastName}`.trim() || 'Unnamed contact';
            return (
              <li
                key={index}
                className={clsx('flex items-center gap-3 px-4 py-2.5 text-sm', !selectable && 'bg-slate-50/70')}
              >
                <input
                  type="checkbox"
                  aria-label={`Import ${name}`}
                  className="size-4 shrink-0 rounded border-slate-300 accent-blue-600 disabled:opacity-40"
                  checked={selected.has(index)}
                  disabled={!selectable}
                  onChange={() => onToggle(index)}
                />
                <div className="min-w-0 flex-1">
                  <p className={clsx('truncate font-medium', selectable ? 'text-slate-900' : 'text-slate-500')}>
                    {name}
                  </p>
                  <p className="truncate text-xs text-slate-500">
                    {[contact.email, contact.phoneNumber].filter(Boolean).join(' · ') || 'No email or phone'}
                  </p>
                  {keptDetails(contact).length > 0 && (
                    <p className="truncate text-xs text-slate-500" data-testid="import-kept">
                      Also keeps: {keptDetails(contact).join(', ')}
                    </p>
                  )}
                  {!selectable && contact.reason && (
                    <p className={clsx('line-clamp-2 text-xs', contact.isValid ? 'text-yellow-700' : 'text-red-600')}>
                      {contact.reason}
                    </p>
                  )}
                </div>
                {!contact.isValid ? (
                  <Badge color="red">Invalid</Badge>
                ) : contact.isDuplicate ? (
                  <Badge color="yellow">Duplicate</Badge>
                ) : (
                  <Badge color="green">New</Badge>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

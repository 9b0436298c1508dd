/** The 'Group by List' checkbox of the options bars (contacts screen, dashboard overdue section). */
export function GroupByListToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="inline-flex items-center gap-2 text-xs font-medium text-slate-600">
      <input
        type="checkbox"
        className="size-4 rounded border-slate-300 accent-blue-600"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      Group by List
    </label>
  );
}

import type { ContactListSummary } from '@kith/contracts';

/** The options of a contact's list picker: 'No list' first, then the user's lists. */
export function ListOptions({ lists }: { lists: ContactListSummary[] }) {
  return (
    <>
      <option value="">No list</option>
      {lists.map((list) => (
        <option key={list._id} value={list._id}>
          {list.name}
        </option>
      ))}
    </>
  );
}

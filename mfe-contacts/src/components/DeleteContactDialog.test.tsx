import { describe, expect, it, jest } from '@jest/globals';
import type { Contact } from '@kith/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { DeleteContactDialog } from './DeleteContactDialog.js';

const ada = { _id: 'c1', firstName: 'Ada', lastName: 'Lovelace' } as Contact;

describe('DeleteContactDialog', () => {
  it('enables delete only for exactly DELETE or the full name', () => {
    const onConfirm = jest.fn();
    render(<DeleteContactDialog contact={ada} onCancel={() => undefined} onConfirm={onConfirm} />);
    const button = screen.getByRole('button', { name: 'Delete Contact' });
    const input = screen.getByRole('textbox');
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: 'ada lovelace' } });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: 'Ada Lovelace' } });
    expect(button).toHaveProperty('disabled', false);
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledWith(ada);
  });

  it('starts empty again for the next contact', () => {
    const { rerender } = render(
      <DeleteContactDialog contact={ada} onCancel={() => undefined} onConfirm={() => undefined} />,
    );
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'DELETE' } });
    rerender(
      <DeleteContactDialog
        contact={{ ...ada, _id: 'c2', firstName: 'Grace' }}
        onCancel={() => undefined}
        onConfirm={() => undefined}
      />,
    );
    expect(screen.getByRole('textbox')).toHaveProperty('value', '');
  });
});

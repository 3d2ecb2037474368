import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DESKTOP, PHONE, setScreenSize } from '../test/media';
import { renderWithApp } from '../test/render';
import { DataTable, type DataColumn } from './DataTable';

interface Person {
  id: number;
  name: string;
  email: string;
}

const PEOPLE: Person[] = [
  { id: 1, name: 'Ana Souza', email: 'ana@example.com' },
  { id: 2, name: 'Bruno Lima', email: 'bruno@example.com' },
];
const COLUMNS: DataColumn<Person>[] = [
  { key: 'id', header: 'ID', render: (p) => p.id },
  { key: 'name', header: 'Nome', render: (p) => p.name, primary: true },
  { key: 'email', header: 'E-mail', render: (p) => p.email },
];

function renderTable(rows: Person[] | undefined, onEdit: (person: Person) => void = vi.fn()) {
  return renderWithApp(
    <DataTable
      testId="people"
      columns={COLUMNS}
      rows={rows}
      rowKey={(p) => p.id}
      rowTestId={(p) => `person-${p.id}`}
      actions={(p) => (
        <Button
          size="xs"
          onClick={() => {
            onEdit(p);
          }}
          data-testid={`person-edit-${p.id}`}
        >
          Editar
        </Button>
      )}
    />,
  );
}

describe('the admin lists’ table', () => {
  it('on a wide screen is a table whose actions column is pinned to the right edge', async () => {
    setScreenSize(DESKTOP, 800);
    const onEdit = vi.fn();
    const { user } = renderTable(PEOPLE, onEdit);
    const table = screen.getByTestId('people');
    expect(table.tagName).toBe('TABLE');
    expect(table).toHaveAttribute('data-layout', 'table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Nome', 'E-mail', 'Ações']);
    const row = screen.getByTestId('person-2');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['2', 'Bruno Lima', 'bruno@example.com', 'Editar']);
    // The actions cell carries the sticky class (CSS module: position sticky, right 0).
    const actionsCell = within(row).getAllByRole('cell').at(-1);
    expect(actionsCell?.className).toMatch(/actions/);
    await user.click(within(row).getByTestId('person-edit-2'));
    expect(onEdit).toHaveBeenCalledWith(PEOPLE[1]);
  });

  it('on a phone is one card per row: the primary column as its title, the others labelled, the actions below', async () => {
    setScreenSize(PHONE);
    const onEdit = vi.fn();
    const { user } = renderTable(PEOPLE, onEdit);
    const list = screen.getByTestId('people');
    expect(list).toHaveAttribute('data-layout', 'cards');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = screen.getByTestId('person-1');
    expect(card.firstElementChild).toHaveTextContent('Ana Souza');
    expect(within(card).getByText('E-mail').nextElementSibling).toHaveTextContent('ana@example.com');
    expect(within(card).getByText('ID').nextElementSibling).toHaveTextContent('1');
    await user.click(within(card).getByTestId('person-edit-1'));
    expect(onEdit).toHaveBeenCalledWith(PEOPLE[0]);
  });

  it('on a phone leaves empty fields out of the card', () => {
    setScreenSize(PHONE);
    renderTable([{ id: 3, name: 'Carla', email: '' }]);
    const card = screen.getByTestId('person-3');
    expect(within(card).queryByText('E-mail')).not.toBeInTheDocument();
    expect(within(card).getByText('ID')).toBeInTheDocument();
  });

  it('says so when there is nothing, and shows nothing while loading', () => {
    setScreenSize(PHONE);
    const { rerender } = renderTable([]);
    expect(screen.getByText('Nenhum registro encontrado.')).toBeInTheDocument();
    rerender(<DataTable testId="people" columns={COLUMNS} rows={undefined} rowKey={(p) => p.id} />);
    expect(screen.queryByText('Nenhum registro encontrado.')).not.toBeInTheDocument();
  });

  it('has an empty row spanning every column on a wide screen', () => {
    setScreenSize(DESKTOP, 800);
    renderTable([]);
    expect(screen.getByText('Nenhum registro encontrado.').closest('td')).toHaveAttribute('colspan', '4');
  });
});

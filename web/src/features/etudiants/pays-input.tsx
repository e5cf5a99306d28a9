import { nomPays, PAYS_FRANCE, paysOptions } from '@guichet/contract/forms';
import { styled } from '@mui/material/styles';
import { useEffect, useId, useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { type Bound, useFieldFrame } from '../../components/form/field-frame.ts';
import { Input } from '../../components/form/field-styles.ts';
import { FieldFrame } from '../../components/form/fields.tsx';
import { colors } from '../../lib/colors.ts';

/** Lower case, without accents: « côte » finds « Côte d’Ivoire », « etats » « États-Unis ». */
const fold = (s: string) =>
  s.normalize('NFD').replace(/\p{M}/gu, '').replace(/[’']/g, "'").toLocaleLowerCase('fr-FR').trim();

/** The countries whose name, or one of its words, starts with what was typed (all when nothing is). */
export function filterPays(options: { code: string; nom: string }[], typed: string) {
  const q = fold(typed);
  if (!q) return options;
  return options.filter((o) => {
    const name = fold(o.nom);
    return name.startsWith(q) || name.split(/[\s'-]+/).some((w) => w.startsWith(q)) || o.code.toLowerCase() === q;
  });
}

const List = styled('ul')({
  position: 'absolute',
  zIndex: 10,
  top: '100%',
  left: 0,
  right: 0,
  margin: '2px 0 0',
  padding: 0,
  listStyle: 'none',
  maxHeight: 264,
  overflowY: 'auto',
  backgroundColor: '#fff',
  border: `1px solid ${colors.border}`,
  borderRadius: 4,
  boxShadow: '0 4px 12px rgba(0, 0, 0, 0.15)',
});
const Item = styled('li')({
  padding: '8px 13px',
  cursor: 'pointer',
  '&[aria-selected="true"]': { backgroundColor: colors.background, fontWeight: 700 },
  '&[data-active]': { backgroundColor: colors.primary, color: '#fff' },
});

/**
 * The country of an address: a text field that filters the list as one types (ARIA combobox with a
 * listbox, keyboard: arrows, Entrée, Échap). The form holds the ISO code; a text that names no
 * country is put back to the chosen one when the field is left, so the value is always a country.
 */
export function PaysInput<T extends FieldValues, O extends FieldValues>(bound: Bound<T, O>) {
  const { field, textField } = useFieldFrame(bound);
  const options = useMemo(paysOptions, []);
  const code = String(field.value || PAYS_FRANCE);
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const shown = typed === null ? options : filterPays(options, typed);
  const optionId = (i: number) => `${listId}-${i}`;
  // The highlighted country stays in sight as the arrows move through a long list.
  useEffect(() => {
    if (open) document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, listId]);

  const choose = (c: string) => {
    field.onChange(c);
    setTyped(null);
    setOpen(false);
  };
  /** Leaving: an exact name counts as chosen; anything else goes back to the country chosen. */
  const settle = () => {
    if (typed !== null) {
      const exact = options.find((o) => fold(o.nom) === fold(typed));
      if (exact) field.onChange(exact.code);
    }
    setTyped(null);
    setOpen(false);
    field.onBlur();
  };

  return (
    <FieldFrame frame={textField}>
      {(a11y) => (
        <div style={{ position: 'relative' }}>
          <Input
            {...a11y}
            name={textField.name}
            ref={textField.inputRef}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
            value={typed ?? nomPays(code)}
            onFocus={(e) => e.currentTarget.select()}
            onClick={() => setOpen(true)}
            onChange={(e) => {
              setTyped(e.target.value);
              setActive(0);
              setOpen(true);
            }}
            onBlur={settle}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                if (!open) {
                  setOpen(true);
                  setActive(
                    Math.max(
                      0,
                      shown.findIndex((o) => o.code === code),
                    ),
                  );
                  return;
                }
                const step = e.key === 'ArrowDown' ? 1 : -1;
                setActive((i) => Math.min(Math.max(i + step, 0), shown.length - 1));
              } else if (e.key === 'Enter' && open) {
                // Chooses the highlighted country instead of sending the form.
                e.preventDefault();
                if (shown[active]) choose(shown[active].code);
              } else if (e.key === 'Escape' && open) {
                e.preventDefault();
                setTyped(null);
                setOpen(false);
              }
            }}
          />
          {open && (
            <List id={listId} role="listbox" aria-label={typeof bound.label === 'string' ? bound.label : 'Pays'}>
              {shown.length === 0 ? (
                <Item role="option" aria-selected={false} aria-disabled="true">
                  Aucun pays ne correspond
                </Item>
              ) : (
                shown.map((o, i) => (
                  <Item
                    key={o.code}
                    id={optionId(i)}
                    role="option"
                    aria-selected={o.code === code}
                    data-active={i === active ? '' : undefined}
                    // Chosen before the field loses its focus.
                    onMouseDown={(e) => {
                      e.preventDefault();
                      choose(o.code);
                    }}
                  >
                    {o.nom}
                  </Item>
                ))
              )}
            </List>
          )}
        </div>
      )}
    </FieldFrame>
  );
}

import { describe, expect, it } from 'vitest';
import { emptySelection, selectedRows } from './selection.ts';

const rows = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];

describe('selectedRows', () => {
  it('rien de coché : aucune ligne', () => {
    expect(selectedRows(emptySelection(), rows)).toEqual([]);
  });
  it('des cases cochées une à une : exactement ces lignes, dans l’ordre du tableau', () => {
    expect(selectedRows({ type: 'include', ids: new Set([3, 1]) }, rows)).toEqual([{ id: 1 }, { id: 3 }]);
  });
  it('« tout sélectionner » : toutes les lignes de la page', () => {
    expect(selectedRows({ type: 'exclude', ids: new Set() }, rows)).toEqual(rows);
  });
  it('« tout sélectionner » puis décocher deux lignes : toutes les autres, pas les deux décochées', () => {
    expect(selectedRows({ type: 'exclude', ids: new Set([2, 4]) }, rows)).toEqual([{ id: 1 }, { id: 3 }]);
  });
  it('une case cochée sur une autre page ne compte pas pour les lignes affichées', () => {
    expect(selectedRows({ type: 'include', ids: new Set([99]) }, rows)).toEqual([]);
  });
});

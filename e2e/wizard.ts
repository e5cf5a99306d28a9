import type { Page } from 'playwright-core';

/** A step of the landlord's wizard, by its level-two heading. */
export const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(name) });

/** Fills both steps of the wizard with a valid offer and reaches the recap. */
export async function fillValidOffer(page: Page) {
  await fillProprietaire(page);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await stepHeading(page, 'Logement').waitFor();
  await fillLogement(page);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await stepHeading(page, 'Récapitulatif').waitFor();
}

/** The owner's step, valid (Léa Durand). */
export async function fillProprietaire(page: Page) {
  const proprietaire = {
    Nom: 'Durand',
    Prénom: 'Léa',
    Téléphone: '0611223344',
    'Adresse de courriel': 'lea.durand@example.fr',
    'Adresse du logement': '3 rue de la Cité',
    'Code postal': '10000',
    Ville: 'Troyes',
  };
  for (const [label, value] of Object.entries(proprietaire)) await field(page, label).fill(value);
}

/** The housing's step, valid (a furnished studio). */
export async function fillLogement(page: Page) {
  const choices = {
    Proximité: 'Secteur Yschools',
    'Type de logement': 'Studio',
    Surface: 'Moins de 15 m²',
    Chauffage: 'Collectif',
    'Loyer hors charges': 'Moins de 200 euros',
    Équipement: 'Meublé',
    'Informations sur le logement': 'Logement neuf',
  };
  for (const [label, value] of Object.entries(choices)) await field(page, label).selectOption(value);
  await field(page, 'Charges mensuelles (en euros)').fill('20');
  for (const question of [
    'Colocation',
    'Logement situé dans un immeuble',
    'Ascenseur',
    'Local vélo',
    'Parking voiture',
  ]) {
    await radio(page, question, 'Non');
  }
  await radio(page, 'Éligible aux aides au logement (CAF)', 'Oui');
}

/** A wizard field by its whole label (required fields end with an asterisk). */
export function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}[\\s\u2009*]*$`));
}

/** Checks the answer of a yes/no question, found by its legend. */
export async function radio(page: Page, question: string, answer: 'Oui' | 'Non') {
  await page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: answer }).check();
}

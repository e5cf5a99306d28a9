import {
  CHAUFFAGES,
  EQUIPEMENTS,
  ETAGES,
  INFOS_LOGEMENT,
  LOYERS,
  PROXIMITES,
  SURFACES,
  TYPES_LOGEMENT,
} from '@guichet/contract';
import { DEFAULT_PARAMS } from '../server/src/db/seed.ts';
import { buildHousingListPdf, type HousingOffer } from '../server/src/features/etudiants/housing-list.pdf.ts';

const at = <T>(list: readonly T[], i: number) => list[i % list.length];

/** The housing-list PDF with `n` validated offers, built in-process as the mail path builds it. */
export async function pdfBench(n: number) {
  const offers: HousingOffer[] = Array.from({ length: n }, (_, i) => ({
    proximite: at(PROXIMITES, i),
    type: at(TYPES_LOGEMENT, i),
    surface: at(SURFACES, i),
    loyer: at(LOYERS, i),
    charges: String(20 + (i % 80)),
    equipement: at(EQUIPEMENTS, i),
    colocation: i % 4 ? 'Non' : 'Oui',
    chauffage: at(CHAUFFAGES, i),
    immeuble: i % 2 ? 'Non' : 'Oui',
    etage: i % 2 ? null : at(ETAGES, i),
    ascenceur: i % 3 === 0,
    parking: i % 5 ? 'Non' : 'Oui',
    typeParking: i % 5 ? null : 'Privatif',
    localVelo: i % 2 === 1,
    caf: 'Oui',
    infoLogement: at(INFOS_LOGEMENT, i),
    nom: 'LEFÈVRE',
    prenom: 'Hélène',
    telephone: '0611223344',
    email: `proprietaire${i}@exemple.fr`,
    adresse: `${1 + (i % 120)} rue de la République`,
    cp: '10000',
    ville: 'TROYES',
    dateConfirmation: new Date(Date.UTC(2026, 0, 1 + (i % 200))),
  }));
  const t = performance.now();
  const pdf = await buildHousingListPdf({
    site: DEFAULT_PARAMS,
    offers,
    issuedAt: new Date(),
    sectorOrder: PROXIMITES,
  });
  const elapsed = performance.now() - t;
  return Object.assign(`${(elapsed / 1000).toFixed(2)} s, ${(pdf.length / 1024).toFixed(0)} Kio`, {
    ok: elapsed <= 2000,
  });
}

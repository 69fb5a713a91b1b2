/**
 * Typical well depths of Moscow-region districts: how deep the sand aquifer and the limestone (artesian)
 * aquifer usually lie, for a first estimate before the driller's log. The figures are the typical depths
 * the region's drilling contractors publish on their district maps (rounded to 5 m); a well's real depth is
 * set by the drilling, and the surveyor overrides the figure with a measured or neighbour's depth.
 *
 * @module
 */

/** Typical geology of a district. */
export interface DistrictGeology {
  /** District (городской округ) name. */
  label: string;
  /** Typical depth of a sand well, m. */
  sand: number;
  /** Typical depth of an artesian well in limestone, m. */
  artesian: number;
  /** The limestone aquifer the artesian wells there take. */
  aquifer: string;
}

const kasimov = "касимовский горизонт (известняк)";
const podolsk = "подольско-мячковский горизонт (известняк)";
const aleksin = "алексинско-протвинский горизонт (известняк)";

/** District code → typical geology. */
export const districtGeology = {
  istra: { label: "Истра", sand: 30, artesian: 80, aquifer: kasimov },
  odintsovo: { label: "Одинцово", sand: 25, artesian: 90, aquifer: kasimov },
  krasnogorsk: { label: "Красногорск", sand: 30, artesian: 110, aquifer: kasimov },
  solnechnogorsk: { label: "Солнечногорск", sand: 30, artesian: 90, aquifer: kasimov },
  dmitrov: { label: "Дмитров", sand: 25, artesian: 65, aquifer: kasimov },
  mytishchi: { label: "Мытищи", sand: 35, artesian: 120, aquifer: podolsk },
  pushkino: { label: "Пушкино", sand: 25, artesian: 90, aquifer: podolsk },
  sergiev_posad: { label: "Сергиев Посад", sand: 30, artesian: 100, aquifer: kasimov },
  noginsk: { label: "Ногинск", sand: 30, artesian: 80, aquifer: podolsk },
  ramenskoye: { label: "Раменское", sand: 25, artesian: 60, aquifer: podolsk },
  ruza: { label: "Руза", sand: 20, artesian: 70, aquifer: kasimov },
  naro_fominsk: { label: "Наро-Фоминск", sand: 20, artesian: 60, aquifer: podolsk },
  podolsk: { label: "Подольск", sand: 25, artesian: 50, aquifer: podolsk },
  chekhov: { label: "Чехов", sand: 20, artesian: 55, aquifer: aleksin },
  serpukhov: { label: "Серпухов", sand: 15, artesian: 40, aquifer: aleksin },
  kolomna: { label: "Коломна", sand: 15, artesian: 45, aquifer: aleksin },
} as const satisfies Record<string, DistrictGeology>;

/** A district code. */
export type District = keyof typeof districtGeology;

/** The district codes. */
export const districtValues = Object.keys(districtGeology) as District[];

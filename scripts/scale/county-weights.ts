// Relative weights of Iowa's livestock counties for the scale data set: the northwest (Sioux,
// Plymouth, Lyon, O'Brien...) and a few others hold most confinement operations. Every county
// gets at least weight 1.
export const COUNTY_WEIGHTS: Record<string, number> = {
  '19167': 40, // Sioux
  '19149': 22, // Plymouth
  '19119': 14, // Lyon
  '19141': 14, // O'Brien
  '19035': 10, // Cherokee
  '19021': 12, // Buena Vista
  '19151': 10, // Pocahontas
  '19091': 10, // Humboldt
  '19197': 14, // Wright
  '19079': 14, // Hamilton
  '19083': 14, // Hardin
  '19069': 12, // Franklin
  '19109': 12, // Kossuth
  '19183': 12, // Washington
  '19101': 8, // Jefferson
  '19105': 8, // Jones
  '19043': 8, // Clayton
  '19027': 10, // Carroll
  '19161': 10, // Sac
  '19093': 8, // Ida
};

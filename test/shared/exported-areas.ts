/**
 * The numbers printed on the planning service's export of real project 186997360, read off its images
 * (project-186997360-2D-BG.jpg and project-186997360-2D-1E.jpg in ../shared/realdata): each labelled
 * room with its floor area to the tenth of a square metre, by floor name. "MK" is a surface (a cupboard,
 * customName MK) and "Douche" an area whose customName overrides "Badkamer". What the FML reader
 * (test/node/fml-real-files.test.ts) and the quantities (test/node/model-quantities.test.ts) must both give.
 */
export const EXPORTED_AREAS_186997360: Readonly<Record<string, [string, string][]>> = {
  'Begane grond': [
    ['Keuken', '23.3 m²'],
    ['Berging', '5.9 m²'],
    ['Toilet', '1.1 m²'],
    ['MK', '0.3 m²'],
    ['Hal', '4.5 m²'],
    ['Woonkamer', '29.9 m²'],
  ],
  'Eerste verdieping': [
    ['Slaapkamer', '11.6 m²'],
    ['Slaapkamer', '14.6 m²'],
    ['Douche', '1.1 m²'],
    ['Overloop', '9.4 m²'],
    ['Badkamer', '7.8 m²'],
    ['Slaapkamer', '8.3 m²'],
  ],
};

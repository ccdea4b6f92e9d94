// The registration form's values as typed (inputs give strings); the zod schema parses them.
export type InventoryInput = { category: string; head: string | number };
export type StorageInput = { name: string; kind: string; capacityGallons: string | number; constructedOn: string };

export type OperationFormValues = {
  name: string;
  kind: string;
  countyFips: string;
  township: string;
  range: string;
  section: string | number;
  quarterSection: string;
  address911: string;
  latitude: string | number;
  longitude: string | number;
  constructedOn: string;
  lastExpandedOn: string;
  constructionPermitStatus: string;
  inventory: InventoryInput[];
  storage: StorageInput[];
  contractProducer: boolean;
  activeContractorId: string;
  researchCollege: boolean;
  safoElect: boolean;
  peakAnimalUnitsHoused: string | number;
  peakHousedOn: string;
  /** A preparer registering for a client names the owner. */
  clientName?: string;
  clientEmail?: string;
};

export const EMPTY_OPERATION: OperationFormValues = {
  name: '', kind: 'confinement', countyFips: '', township: '', range: '', section: '', quarterSection: '', address911: '',
  latitude: '', longitude: '', constructedOn: '', lastExpandedOn: '', constructionPermitStatus: '',
  inventory: [{ category: '', head: '' }], storage: [], contractProducer: false, activeContractorId: '', researchCollege: false,
  safoElect: false, peakAnimalUnitsHoused: '', peakHousedOn: '',
};

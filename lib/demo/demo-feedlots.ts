import type { Executor } from '@/db/client';
import { animalInventory, operationInterests, operations, operationStructures, ownerships } from '@/db/schema';
import type { DemoPeople } from './demo-people';

// Iowa Code 459A.103: two open feedlots of Van Zee Pork Inc. in Cherokee County, about 730 feet apart
// between closest points, one lot constructed in 2019 (after July 17, 2002): the portal reports them as
// one open feedlot operation. A truck wash 180 feet from the north lot is part of it under (4).

const CHEROKEE = '19035';

export async function seedDemoFeedlots(db: Executor, people: DemoPeople): Promise<void> {
  const owner = people.party.vanzee;
  const feedlot = async (name: string, facilityId: string, latitude: number, longitude: number, head: number, acquiredOn: string) => {
    const [op] = await db
      .insert(operations)
      .values({ name, facilityId, kind: 'open_feedlot', countyFips: CHEROKEE, township: '92N', range: '40W', section: 7, quarterSection: 'SW',
        latitude, longitude, constructedOn: acquiredOn, constructionPermitStatus: 'not_required' })
      .returning({ id: operations.id });
    const operationId = op!.id;
    await db.insert(animalInventory).values({ operationId, category: 'cattle_slaughter_feeder', headAtCapacity: head });
    await db.insert(ownerships).values({ operationId, ownerId: owner, acquiredOn });
    await db.insert(operationInterests).values({ operationId, partyId: owner, kind: 'sole_proprietor' });
    return operationId;
  };
  const north = await feedlot('Cherokee Feedlot North', '64901', 42.761, -95.56, 900, '1998-05-01');
  const south = await feedlot('Cherokee Feedlot South', '64902', 42.7585, -95.56, 700, '2019-04-02');
  await db.insert(operationStructures).values([
    { operationId: north, kind: 'open_feedlot_lot', name: 'North lot', latitude: 42.761, longitude: -95.56, excavationOn: '1998-05-01',
      footprint: { type: 'Polygon', coordinates: [[[-95.5607, 42.7605], [-95.5593, 42.7605], [-95.5593, 42.7615], [-95.5607, 42.7615], [-95.5607, 42.7605]]] } },
    { operationId: north, kind: 'animal_truck_wash', name: 'North truck wash', latitude: 42.762, longitude: -95.559, formsInstalledOn: '2016-08-10' },
    { operationId: south, kind: 'open_feedlot_lot', name: 'South lot', latitude: 42.7585, longitude: -95.56, excavationOn: '2019-04-02', formsInstalledOn: '2019-04-15' },
    { operationId: south, kind: 'settled_effluent_basin', name: 'South settled effluent basin', latitude: 42.7578, longitude: -95.56, excavationOn: '2019-05-20', pipingInstalledOn: '2019-06-03' },
  ]);
}

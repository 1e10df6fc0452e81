import { electionTopicId, regionTopicId } from '@ballot-atlas/shared/site/topic-ids';
import { Query } from 'appwrite';
import { listAll } from '../directory/query.server';
import type { Election, Region } from '../directory/types';
import { UPDATES_TOPIC_ID, type TopicChoice } from './topic-choice';

/**
 * The topics a visitor can follow and an editor can send to: directory updates, each upcoming or
 * ongoing election (soonest first), each region (in the directory's order).
 */
export async function followableTopics(request: Request): Promise<TopicChoice[]> {
  const [elections, regions] = await Promise.all([
    listAll<Election>(request, 'elections', [Query.equal('status', ['ongoing', 'upcoming']), Query.orderAsc('date'), Query.select(['name', 'date'])]),
    listAll<Region>(request, 'regions', [Query.orderAsc('order'), Query.select(['name'])]),
  ]);
  return [
    { id: UPDATES_TOPIC_ID, kind: 'updates', name: '' },
    ...elections.map((election): TopicChoice => ({ id: electionTopicId(election.$id), kind: 'election', name: election.name, date: election.date })),
    ...regions.map((region): TopicChoice => ({ id: regionTopicId(region.$id), kind: 'region', name: region.name })),
  ];
}

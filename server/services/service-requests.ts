import type { Locale } from '../../contract/locales.ts';
import type { ServiceOffer, ServiceRequest, ServiceRequestStatus } from '../../contract/services.ts';
import type { Db } from '../db/schema.ts';
import type { Clock } from './clock.ts';

/** A stored request with what a notification needs: who asked, for what, and the note. */
export interface StoredServiceRequest extends ServiceRequest {
  user_id: number;
  /** The language the client asked in; the service's title is in it, and so is the notification. */
  lang: Locale;
}

/**
 * Called after a request is stored. The chat issue wires this to post a system message into
 * the client's support chat, so the manager sees the request where they work. Its failure is
 * logged, never reported to the client: the request itself is already stored.
 */
export type NotifyStaff = (request: StoredServiceRequest) => Promise<void>;

export const notifyNobody: NotifyStaff = async () => {};

export class UnknownServiceError extends Error {
  override name = 'UnknownServiceError';
}

export interface ServiceCatalogService {
  /** Active services, in catalogue order, titled in `lang`. */
  offers(lang: Locale): Promise<ServiceOffer[]>;
  /** The caller's requests, newest first, with service titles in `lang`. */
  requestsOf(userId: number, lang: Locale): Promise<ServiceRequest[]>;
  /** Stores a request for an active service, then notifies staff. Throws UnknownServiceError. */
  request(input: { userId: number; serviceId: number; note: string | null; lang: Locale }): Promise<ServiceRequest>;
}

export function createServiceCatalogService({
  db,
  clock,
  notifyStaff = notifyNobody,
  onNotifyError = () => {},
}: {
  db: Db;
  clock: Clock;
  notifyStaff?: NotifyStaff;
  onNotifyError?: (error: unknown) => void;
}): ServiceCatalogService {
  const requestRows = (lang: Locale) =>
    db
      .selectFrom('service_requests')
      .innerJoin('services', 'services.id', 'service_requests.service_id')
      .innerJoin('service_translations', (join) =>
        join.onRef('service_translations.service_id', '=', 'services.id').on('service_translations.lang', '=', lang),
      )
      .select([
        'service_requests.id',
        'service_requests.user_id',
        'service_requests.note',
        'service_requests.status',
        'service_requests.created_at',
        'services.id as service_id',
        'services.code',
        'service_translations.title',
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof requestRows>['executeTakeFirstOrThrow']>>;
  const toRequest = (row: Row, lang: Locale): StoredServiceRequest => ({
    id: row.id,
    user_id: row.user_id,
    service: { id: row.service_id, code: row.code, title: row.title },
    note: row.note,
    status: row.status as ServiceRequestStatus,
    created_at: row.created_at,
    lang,
  });
  const withoutUser = ({ user_id: _userId, lang: _lang, ...request }: StoredServiceRequest): ServiceRequest => request;

  return {
    async offers(lang) {
      return db
        .selectFrom('services')
        .innerJoin('service_translations', (join) =>
          join.onRef('service_translations.service_id', '=', 'services.id').on('service_translations.lang', '=', lang),
        )
        .select(['services.id', 'services.code', 'services.icon', 'service_translations.title', 'service_translations.description'])
        .where('services.active', '=', 1)
        .orderBy('services.sort_order')
        .execute();
    },

    async requestsOf(userId, lang) {
      const rows = await requestRows(lang)
        .where('service_requests.user_id', '=', userId)
        .orderBy('service_requests.created_at', 'desc')
        .orderBy('service_requests.id', 'desc')
        .execute();
      return rows.map((row) => withoutUser(toRequest(row, lang)));
    },

    async request({ userId, serviceId, note, lang }) {
      const service = await db.selectFrom('services').select('id').where('id', '=', serviceId).where('active', '=', 1).executeTakeFirst();
      if (!service) throw new UnknownServiceError(String(serviceId));
      const now = clock().toISOString();
      const { id } = await db
        .insertInto('service_requests')
        .values({ user_id: userId, service_id: serviceId, note, status: 'received', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const stored = toRequest(await requestRows(lang).where('service_requests.id', '=', id).executeTakeFirstOrThrow(), lang);
      try {
        await notifyStaff(stored);
      } catch (error) {
        onNotifyError(error);
      }
      return withoutUser(stored);
    },
  };
}

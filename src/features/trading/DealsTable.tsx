import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../contract/money';
import type { Deal, PlatformInfo } from '../../../contract/platform';
import { useLang } from '../../lib/use-lang';
import { useDealLabels } from './DealsCard';
import { formatPrice, formatVolume } from './format';

/** Deals as a table; on a phone each deal is a block (trading.css). Used by the page and the statement. */
export function DealsTable({
  deals,
  platform,
  currency,
  precision,
  busy = false,
}: {
  deals: Deal[];
  platform: Pick<PlatformInfo, 'instruments'>;
  currency: string;
  precision: number;
  busy?: boolean;
}) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const labels = useDealLabels();
  const digits = (deal: Deal) => platform.instruments.find((i) => i.symbol === deal.symbol)?.digits ?? 5;
  return (
    <div className="table-wrap">
      <table className="data-table deals-table" aria-busy={busy}>
        <thead>
          <tr>
            <th scope="col">{t`Time`}</th>
            <th scope="col">{t`Deal`}</th>
            <th scope="col">{t`Instrument`}</th>
            <th scope="col" className="num">
              {t`Volume`}
            </th>
            <th scope="col" className="num">
              {t`Price`}
            </th>
            <th scope="col">{t`Reason`}</th>
            <th scope="col" className="num">
              {t`Profit`}
            </th>
          </tr>
        </thead>
        <tbody>
          {deals.map((deal) => (
            <tr key={deal.ticket}>
              <td className="c-date">{i18n.date(new Date(deal.time), { dateStyle: 'medium', timeStyle: 'medium' })}</td>
              <td className="c-op">
                {labels.kind(deal)}
                {deal.entry ? ` · ${labels.entry(deal)}` : ''}
                <span className="cell-sub mono">#{deal.ticket}</span>
              </td>
              <td className="c-symbol">{deal.symbol ?? deal.comment}</td>
              <td className="num c-volume" data-label={t`Volume`}>{deal.volume === null ? '' : formatVolume(deal.volume, lang)}</td>
              <td className="num c-price" data-label={t`Price`}>{deal.price === null ? '' : formatPrice(deal.price, digits(deal), lang)}</td>
              <td className="c-reason">{labels.reason(deal)}</td>
              <td className={`num c-amount ${deal.profit > 0 ? 'amount-credit' : deal.profit < 0 ? 'amount-debit' : ''}`}>
                {deal.entry === 'in' ? '' : formatMoney(deal.profit, currency, precision, lang, { sign: true })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

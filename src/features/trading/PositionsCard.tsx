import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatMoney } from '../../../contract/money';
import type { AccountState, Deal, PlatformInfo, Position } from '../../../contract/platform';
import { useLang } from '../../lib/use-lang';
import { formatPrice } from './format';
import { PositionRow } from './PositionRow';

/** The open positions with live price and profit; each row closes or changes its stops through its own machine. */
export function PositionsCard({ login, positions, platform, state }: { login: string; positions: Position[]; platform: PlatformInfo; state: AccountState }) {
  const { t } = useLingui();
  const lang = useLang();
  const [closed, setClosed] = useState<Deal | null>(null);
  const closedDigits = platform.instruments.find((i) => i.symbol === closed?.symbol)?.digits ?? 5;
  const closedPrice = closed?.price == null ? '—' : formatPrice(closed.price, closedDigits, lang);
  return (
    <section className="card positions-card" aria-labelledby="positions-title">
      <div className="card-title section-row">
        <h2 id="positions-title">
          <Trans>Open positions</Trans>
        </h2>
        <span className="field-hint">
          <Plural value={positions.length} one="# position" other="# positions" />
        </span>
      </div>
      <div role="status" className="positions-notice">
        {closed ? (
          <p className="banner banner-success">
            <Trans>
              Position #{closed.position_ticket} closed at {closedPrice}: {formatMoney(closed.profit, state.currency, state.precision, lang, { sign: true })}.
            </Trans>
          </p>
        ) : null}
      </div>
      {positions.length === 0 ? (
        <p className="positions-empty">{t`No open positions. Place an order with the ticket.`}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table positions-table">
            <caption className="visually-hidden">{t`Open positions`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Position`}</th>
                <th scope="col" className="num">
                  {t`Price`}
                </th>
                <th scope="col" className="num">
                  {t`Stops`}
                </th>
                <th scope="col" className="num">
                  {t`Profit`}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t`Actions`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {positions.map((position) => {
                const instrument = platform.instruments.find((i) => i.symbol === position.symbol);
                return instrument ? (
                  <PositionRow key={position.ticket} login={login} position={position} instrument={instrument} state={state} onClosed={setClosed} />
                ) : null;
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import type { IpoOfferingState } from '../../../contract/ipo.ts';

type Texts = Record<'en' | 'ru' | 'ua', { description: string; risk: string }>;

/** The demo's offerings: times are days from the seed's moment (negative: past). */
export interface DemoOffering {
  company: string;
  ticker: string;
  currency: string;
  state: IpoOfferingState;
  /** Minor units per share. */
  priceMin: number;
  priceMax: number;
  finalPrice: number | null;
  shares: number;
  minApplication: number;
  maxApplication: number;
  opensIn: number;
  closesIn: number;
  allocationIn: number;
  lockupDays: number;
  texts: Texts;
}

const RISK: Texts = {
  en: {
    description: '',
    risk: 'Shares in a new listing can fall below the offer price, trade thinly at first and move sharply when the lock-up ends. You may receive fewer shares than you applied for, or none. Invest only money you can afford to lose.',
  },
  ru: {
    description: '',
    risk: 'Акции новой компании на бирже могут упасть ниже цены размещения, поначалу торговаться с низкой ликвидностью и резко двигаться по окончании локапа. Вы можете получить меньше акций, чем запросили, или не получить их вовсе. Вкладывайте только те деньги, потерю которых можете себе позволить.',
  },
  ua: {
    description: '',
    risk: 'Акції нової компанії на біржі можуть упасти нижче ціни розміщення, спочатку торгуватися з низькою ліквідністю й різко рухатися після завершення локапу. Ви можете отримати менше акцій, ніж запросили, або не отримати їх зовсім. Інвестуйте лише ті гроші, втрату яких можете собі дозволити.',
  },
};

const texts = (en: string, ru: string, ua: string): Texts => ({
  en: { description: en, risk: RISK.en.risk },
  ru: { description: ru, risk: RISK.ru.risk },
  ua: { description: ua, risk: RISK.ua.risk },
});

/** The first is open now (the layout walk opens /ipo/1), the second announced, the third allocated a month ago. */
export const DEMO_OFFERINGS: DemoOffering[] = [
  {
    company: 'Nordlicht Energie AG',
    ticker: 'NRDL',
    currency: 'USD',
    state: 'open',
    priceMin: 1_800,
    priceMax: 2_200,
    finalPrice: null,
    shares: 5_000_000,
    minApplication: 10_000,
    maxApplication: 5_000_000,
    opensIn: -2,
    closesIn: 5,
    allocationIn: 8,
    lockupDays: 180,
    texts: texts(
      'Nordlicht builds and runs offshore wind farms in the North and Baltic Seas, with 2.4 GW in operation and 3.1 GW under construction. The proceeds fund two new farms off the Danish coast.',
      'Nordlicht строит и эксплуатирует морские ветровые электростанции в Северном и Балтийском морях: 2,4 ГВт в работе и 3,1 ГВт в строительстве. Привлечённые средства пойдут на две новые станции у побережья Дании.',
      'Nordlicht будує та експлуатує морські вітрові електростанції в Північному та Балтійському морях: 2,4 ГВт у роботі та 3,1 ГВт у будівництві. Залучені кошти підуть на дві нові станції біля узбережжя Данії.',
    ),
  },
  {
    company: 'Meridian Health Group',
    ticker: 'MRDN',
    currency: 'USD',
    state: 'announced',
    priceMin: 2_400,
    priceMax: 2_750,
    finalPrice: null,
    shares: 8_000_000,
    minApplication: 20_000,
    maxApplication: 2_500_000,
    opensIn: 6,
    closesIn: 13,
    allocationIn: 16,
    lockupDays: 90,
    texts: texts(
      'Meridian runs 46 outpatient clinics and a telemedicine service with 1.2 million registered patients. It lists to repay debt and open 20 clinics in the next three years.',
      'Meridian управляет 46 амбулаторными клиниками и сервисом телемедицины с 1,2 млн зарегистрированных пациентов. Компания выходит на биржу, чтобы погасить долг и открыть 20 клиник за три года.',
      'Meridian керує 46 амбулаторними клініками та сервісом телемедицини з 1,2 млн зареєстрованих пацієнтів. Компанія виходить на біржу, щоб погасити борг і відкрити 20 клінік за три роки.',
    ),
  },
  {
    company: 'Aurora Robotics Inc.',
    ticker: 'AURA',
    currency: 'USD',
    state: 'allocated',
    priceMin: 1_400,
    priceMax: 1_600,
    finalPrice: 1_550,
    shares: 1_000_000,
    minApplication: 10_000,
    maxApplication: 1_000_000,
    opensIn: -40,
    closesIn: -33,
    allocationIn: -30,
    lockupDays: 90,
    texts: texts(
      'Aurora makes autonomous picking robots for warehouses; 310 robots work at 24 sites of European retailers. The offering was oversubscribed 3.3 times.',
      'Aurora производит автономных роботов-комплектовщиков для складов; 310 роботов работают на 24 площадках европейских ритейлеров. Заявки превысили предложение в 3,3 раза.',
      'Aurora виробляє автономних роботів-комплектувальників для складів; 310 роботів працюють на 24 майданчиках європейських рітейлерів. Заявки перевищили пропозицію в 3,3 раза.',
    ),
  },
];

/** The demo client's application in the allocated offering: $3,000 asked, 193 shares at $15.50, 58 allocated. */
export const DEMO_ALLOCATION = { ticker: 'AURA', amount: 300_000, requestedShares: 193, allocatedShares: 58 } as const;

import { Icon, type IconProps } from './Icon';

export const WalletIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M19 7V5.5A1.5 1.5 0 0 0 17.5 4h-12A1.5 1.5 0 0 0 4 5.5v13A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V16" />
    <path d="M21 8h-6a3 3 0 0 0 0 6h6z" />
  </Icon>
);

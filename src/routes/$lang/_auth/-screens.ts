/**
 * The chunks of the signed-in and staff screens, imported from here rather than from their route
 * files: each import carries the list of the files its chunk needs (for modulepreload), and in a
 * route file those lists sat in the entry, on the sign-in path. This module is fetched with the
 * signed-in frame (`_auth/route.tsx`), so a screen costs no extra round trip (docs/adr/0103).
 */
export const AccountScreen = () => import('../../../features/trading/AccountScreen');
export const AnalyticsScreen = () => import('../../../features/analytics/AnalyticsScreen');
export const ArticleScreen = () => import('../../../features/articles/ArticleScreen');
export const ArticlesScreen = () => import('../../../features/articles/ArticlesScreen');
export const CalendarScreen = () => import('../../../features/calendar/CalendarScreen');
export const CalendarSettingsScreen = () => import('../../../features/settings/CalendarSettingsScreen');
export const ClientsScreen = () => import('../../../features/investor/ClientsScreen');
export const DashboardScreen = () => import('../../../features/investor/DashboardScreen');
export const HistoryScreen = () => import('../../../features/history/HistoryScreen');
export const HomeScreen = () => import('../../../features/home/HomeScreen');
export const InvestingScreen = () => import('../../../features/investing/InvestingScreen');
export const InvestorLayout = () => import('../../../features/investor/InvestorLayout');
export const IpoScreen = () => import('../../../features/ipo/IpoScreen');
export const LinksScreen = () => import('../../../features/investor/LinksScreen');
export const NotificationSettingsScreen = () => import('../../../features/notifications/NotificationSettingsScreen');
export const NotificationsScreen = () => import('../../../features/notifications/NotificationsScreen');
export const OfferingScreen = () => import('../../../features/ipo/OfferingScreen');
export const PayoutsScreen = () => import('../../../features/investor/PayoutsScreen');
export const PrivacySettingsScreen = () => import('../../../features/privacy/PrivacySettingsScreen');
export const ProfileSettingsScreen = () => import('../../../features/settings/ProfileSettingsScreen');
export const RewardsScreen = () => import('../../../features/investor/RewardsScreen');
export const SecuritySettingsScreen = () => import('../../../features/security/SecuritySettingsScreen');
export const ServicesScreen = () => import('../../../features/services/ServicesScreen');
export const SettingsLayout = () => import('../../../features/settings/SettingsLayout');
export const StatementScreen = () => import('../../../features/trading/StatementScreen');
export const StrategyScreen = () => import('../../../features/investing/StrategyScreen');
export const SubPartnersScreen = () => import('../../../features/investor/SubPartnersScreen');
export const SubscriptionScreen = () => import('../../../features/investing/SubscriptionScreen');
export const TicketScreen = () => import('../../../features/tickets/TicketScreen');
export const TicketsScreen = () => import('../../../features/tickets/TicketsScreen');
export const VerificationSettingsScreen = () => import('../../../features/settings/VerificationSettingsScreen');
export const WalletScreen = () => import('../../../features/wallet/WalletScreen');

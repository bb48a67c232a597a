/**
 * The chunks of the signed-in and staff screens, imported from here rather than from their route
 * files: each import carries the list of the files its chunk needs (for modulepreload), and in a
 * route file those lists sat in the entry, on the sign-in path. This module is fetched with the
 * signed-in frame (`_auth/route.tsx`), so a screen costs no extra round trip (docs/adr/0103).
 */
export const AccountScreen = () => import('../../../features/trading/AccountScreen');
export const AdminAuditScreen = () => import('../../../features/admin/AdminAuditScreen');
export const AdminCalendarScreen = () => import('../../../features/admin/AdminCalendarScreen');
export const AdminCannedRepliesScreen = () => import('../../../features/admin/AdminCannedRepliesScreen');
export const AdminChatsScreen = () => import('../../../features/admin/AdminChatsScreen');
export const AdminIpoScreen = () => import('../../../features/admin/AdminIpoScreen');
export const AdministrationLayout = () => import('../../../features/admin/AdministrationLayout');
export const AdminPartnersScreen = () => import('../../../features/admin/AdminPartnersScreen');
export const AdminPaymentMethodsScreen = () => import('../../../features/admin/AdminPaymentMethodsScreen');
export const AdminReconciliationScreen = () => import('../../../features/admin/AdminReconciliationScreen');
export const AdminRequestsScreen = () => import('../../../features/admin/AdminRequestsScreen');
export const AdminStrategiesScreen = () => import('../../../features/admin/AdminStrategiesScreen');
export const AdminSupportScreen = () => import('../../../features/admin/AdminSupportScreen');
export const AdminTicketScreen = () => import('../../../features/admin/AdminTicketScreen');
export const AdminTicketsScreen = () => import('../../../features/admin/AdminTicketsScreen');
export const AdminVerificationsScreen = () => import('../../../features/admin/AdminVerificationsScreen');
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

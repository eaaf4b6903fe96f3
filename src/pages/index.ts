import type { FunctionComponent } from 'react';
import type { RouteId } from '../routes';
import type { PageComponent } from './types';

type Loader = () => Promise<PageComponent<any>>;

/**
 * route id → its page module, loaded on demand: each page is its own server chunk, so the
 * client components it uses form their own client chunk (the home page does not ship the
 * configurator's forms). Routes without a page of their own yet show InfoPage.
 */
const own: Partial<Record<RouteId, Loader>> = {
  home: () => import('./home').then((m) => m.HomePage),
  'configurator-carrier': () => import('./configurator/carrier').then((m) => m.CarrierStepPage),
  cart: () => import('./cart').then((m) => m.CartPage),
  'configurator-sender': () => import('./configurator/sender').then((m) => m.ConfiguratorSenderPage),
  'configurator-recipient': () => import('./configurator/recipient').then((m) => m.ConfiguratorRecipientPage),
  'configurator-customs': () => import('./configurator/customs').then((m) => m.ConfiguratorCustomsPage),
  'configurator-summary': () => import('./configurator/summary').then((m) => m.ConfiguratorSummaryPage),
  login: () => import('./login').then((m) => m.LoginPage),
  'login-token': () => import('./login-token').then((m) => m.LoginTokenPage),
  register: () => import('./register').then((m) => m.RegisterPage),
  'forgotten-password': () => import('./forgotten-password').then((m) => m.ForgottenPasswordPage),
  'set-password': () => import('./set-password').then((m) => m.SetPasswordPage),
  'account-disabled': () => import('./account-disabled').then((m) => m.AccountDisabledPage),
  'client-activate': () => import('./client-activate').then((m) => m.ClientActivatePage),
  'rate-shipment': () => import('./ratings').then((m) => m.RateShipmentPage),
  nps: () => import('./ratings').then((m) => m.NpsPage),
  reviews: () => import('./ratings').then((m) => m.ReviewsPage),
  'change-request': () => import('./change-request').then((m) => m.ChangeRequestPage),
  'change-request-detail': () => import('./change-request').then((m) => m.ChangeRequestDetailPage),
  tracking: () => import('./tracking').then((m) => m.TrackingFormPage),
  'tracking-result': () => import('./tracking').then((m) => m.TrackingResultPage),
  'tracking-result-token': () => import('./tracking').then((m) => m.TrackingResultTokenPage),
  'klient-odhlaseni': () => import('./logout').then((m) => m.LogoutPage),
  order: () => import('./order').then((m) => m.OrderPage),
  'order-done': () => import('./order-done').then((m) => m.OrderDonePage),
  invoice: () => import('./invoice').then((m) => m.InvoicePage),
  'contact-form': () => import('./contact-form').then((m) => m.ContactFormPage),
  'business-get-offer': () => import('./business-get-offer').then((m) => m.BusinessGetOfferPage),
  claim: () => import('./claims').then((m) => m.ClaimPage),
  'claim-detail': () => import('./claim-detail').then((m) => m.ClaimDetailPage),
  // §2.7 the client section, v1 and v2 share each page (the route id tells the version)
  'klient-prehled': () => import('./client/account').then((m) => m.DashboardPage),
  'klient-v2-prehled': () => import('./client/account').then((m) => m.DashboardPage),
  'klient-nastaveni': () => import('./client/account').then((m) => m.SettingsPage),
  'klient-v2-nastaveni': () => import('./client/account').then((m) => m.SettingsPage),
  'klient-heslo': () => import('./client/account').then((m) => m.PasswordPage),
  'klient-clear': () => import('./client/account').then((m) => m.ClearPage),
  'klient-reklamace': () => import('./client/account').then((m) => m.ClientClaimsPage),
  'klient-adresar': () => import('./client/addresses').then((m) => m.AddressBookPage),
  'klient-v2-adresar': () => import('./client/addresses').then((m) => m.AddressBookPage),
  'klient-adresar-pridat': () => import('./client/addresses').then((m) => m.AddressAddPage),
  'klient-adresar-upravit': () => import('./client/addresses').then((m) => m.AddressEditPage),
  'klient-adresar-smazat': () => import('./client/addresses').then((m) => m.AddressDeletePage),
  'klient-adresar-hledat': () => import('./client/addresses').then((m) => m.AddressSearchPage),
  'klient-faktury': () => import('./client/billing').then((m) => m.InvoicesPage),
  'klient-v2-faktury': () => import('./client/billing').then((m) => m.InvoicesPage),
  'klient-kredit': () => import('./client/billing').then((m) => m.CreditPage),
  'klient-kredit-dobit': () => import('./client/billing').then((m) => m.CreditTopUpPage),
  'klient-zasilky': () => import('./client/shipments').then((m) => m.ShipmentsPage),
  'klient-v2-zasilky': () => import('./client/shipments').then((m) => m.ShipmentsPage),
  'klient-v2-zasilka': () => import('./client/shipments').then((m) => m.ShipmentDetailPage),
  'klient-objednavky': () => import('./client/shipments').then((m) => m.OrdersPage),
  'klient-v2-objednavky': () => import('./client/shipments').then((m) => m.OrdersPage),
  'klient-smlouvy': () => import('./client/business').then((m) => m.ContractsPage),
  'klient-svozy': () => import('./client/business').then((m) => m.PickupsPage),
  'klient-svozova-mista': () => import('./client/business').then((m) => m.PickupPlacesPage),
  'klient-v2-pro-firmy': () => import('./client/business').then((m) => m.ForBusinessPage),
  'activate-contract': () => import('./client/business').then((m) => m.ActivateContractPage),
  'klient-import': () => import('./client/import').then((m) => m.ImportPage),
  // §2.5 price lists
  // §2.4 carrier pages, parcel points
  // FAQ, news, careers
  // information and legal pages (Markdown)
  terms: () => import('./prose').then((m) => m.prosePage('terms')),
  privacy: () => import('./prose').then((m) => m.prosePage('privacy')),
  'personal-data': () => import('./prose').then((m) => m.prosePage('personal-data')),
  'data-processing-agreement': () => import('./prose').then((m) => m.prosePage('data-processing-agreement')),
  'warranty-terms': () => import('./prose').then((m) => m.prosePage('warranty-terms')),
  'claims-policy': () => import('./prose').then((m) => m.prosePage('claims-policy')),
  returns: () => import('./prose').then((m) => m.prosePage('returns')),
  guidelines: () => import('./prose').then((m) => m.prosePage('guidelines')),
  'single-information-point': () => import('./prose').then((m) => m.prosePage('single-information-point')),
  // §2.6 business pages
  business: () => import('./business/landing').then((m) => m.BusinessLandingPage),
  'business-domestic': () => import('./business/prose').then((m) => m.BusinessDomesticPage),
  'business-international': () => import('./business/prose').then((m) => m.BusinessInternationalPage),
  'business-carriers': () => import('./business/prose').then((m) => m.BusinessCarriersPage),
  'business-integrations': () => import('./business/prose').then((m) => m.BusinessIntegrationsPage),
  'business-shipment-manager': () => import('./business/prose').then((m) => m.BusinessShipmentManagerPage),
  'business-about': () => import('./business/prose').then((m) => m.BusinessAboutPage),
  'business-agencies': () => import('./business/prose').then((m) => m.BusinessAgenciesPage),
  'business-eshops': () => import('./business/prose').then((m) => m.BusinessEshopsPage),
  'business-small': () => import('./business/prose').then((m) => m.BusinessSmallPage),
  'business-self-employed': () => import('./business/prose').then((m) => m.BusinessSelfEmployedPage),
  'business-parcel-points': () => import('./business/prose').then((m) => m.BusinessParcelPointsPage),
  'business-integration-base-com': () => import('./business/prose').then((m) => m.IntegrationBaseComPage),
  'business-integration-eshop-rychle': () => import('./business/prose').then((m) => m.IntegrationEshopRychlePage),
  'business-integration-prestashop': () => import('./business/prose').then((m) => m.IntegrationPrestashopPage),
  'business-integration-shopify': () => import('./business/prose').then((m) => m.IntegrationShopifyPage),
  'business-integration-shoptet': () => import('./business/prose').then((m) => m.IntegrationShoptetPage),
  'business-integration-upgates': () => import('./business/prose').then((m) => m.IntegrationUpgatesPage),
  'business-integration-webareal': () => import('./business/prose').then((m) => m.IntegrationWebarealPage),
  'business-integration-woocommerce': () => import('./business/prose').then((m) => m.IntegrationWoocommercePage),
  integrations: () => import('./business/prose').then((m) => m.IntegrationsPage),
  'integrations-shoptet': () => import('./business/prose').then((m) => m.IntegrationsShoptetPage),
};

export const loadPage = async (id: RouteId): Promise<FunctionComponent<any>> =>
  (await (own[id] ?? (() => import('./info-page').then((m) => m.InfoPage)))()) as FunctionComponent<any>;

export { NotFoundPage } from './not-found';

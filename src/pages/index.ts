import type { FunctionComponent } from 'react';
import type { RouteId } from '../routes';
import type { PageComponent } from './types';

type Loader = () => Promise<PageComponent<any>>;

/**
 * route id → its page module, loaded on demand: each page is its own server chunk, so the
 * client components it uses form their own client chunk (the home page does not ship the
 * configurator's forms). Every route id must have one (the type says so).
 */
const own: Record<RouteId, Loader> = {
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
  'price-lists': () => import('./price-lists').then((m) => m.PriceListsPage),
  'price-list-europe': () => import('./price-lists').then((m) => m.ContinentPriceListPage),
  'price-list-asia': () => import('./price-lists').then((m) => m.ContinentPriceListPage),
  'price-list-africa': () => import('./price-lists').then((m) => m.ContinentPriceListPage),
  'price-list-north-america': () => import('./price-lists').then((m) => m.ContinentPriceListPage),
  'price-list-south-america': () => import('./price-lists').then((m) => m.ContinentPriceListPage),
  'price-list-oceania': () => import('./price-lists').then((m) => m.ContinentPriceListPage),
  'price-list-abroad': () => import('./price-lists').then((m) => m.AbroadPriceListPage),
  'price-list-import': () => import('./price-lists').then((m) => m.AbroadPriceListPage),
  'price-list-domestic': () => import('./price-lists').then((m) => m.DomesticPriceListPage),
  'price-list-cod': () => import('./price-lists').then((m) => m.CodPriceListPage),
  'price-list-country': () => import('./price-lists').then((m) => m.CountryPriceListPage),
  'price-list-route': () => import('./price-lists').then((m) => m.RoutePriceListPage),
  'price-list-route-carrier': () => import('./price-lists').then((m) => m.RoutePriceListPage),
  // §2.4 carrier pages, parcel points
  'carrier-balikovna': () => import('./carriers').then((m) => m.CarrierPage),
  'carrier-dpd': () => import('./carriers').then((m) => m.CarrierPage),
  'carrier-fedex': () => import('./carriers').then((m) => m.CarrierPage),
  'carrier-gls': () => import('./carriers').then((m) => m.CarrierPage),
  'carrier-one-by-allegro': () => import('./carriers').then((m) => m.CarrierPage),
  'carrier-ppl': () => import('./carriers').then((m) => m.CarrierPage),
  'carrier-toptrans': () => import('./carriers').then((m) => m.CarrierPage),
  'carrier-ups': () => import('./carriers').then((m) => m.CarrierPage),
  'drop-off-points': () => import('./parcel-points').then((m) => m.ParcelPointsPage),
  'parcel-points-map': () => import('./parcel-points').then((m) => m.ParcelPointsPage),
  'price-list-collection-points': () => import('./parcel-points').then((m) => m.ParcelPointPricesPage),
  'price-list-delivery-points': () => import('./parcel-points').then((m) => m.ParcelPointPricesPage),
  // FAQ, news, careers
  faq: () => import('./faq').then((m) => m.FaqPage),
  'faq-category': () => import('./faq').then((m) => m.FaqCategoryPage),
  'faq-search': () => import('./faq').then((m) => m.FaqSearchPage),
  news: () => import('./news').then((m) => m.NewsPage),
  'news-detail': () => import('./news').then((m) => m.NewsDetailPage),
  career: () => import('./news').then((m) => m.CareerPage),
  'career-detail': () => import('./news').then((m) => m.CareerDetailPage),
  // information and legal pages (Markdown)
  'how-to-send': () => import('./prose').then((m) => m.prosePage('how-to-send')),
  packaging: () => import('./prose').then((m) => m.prosePage('packaging')),
  tyres: () => import('./prose').then((m) => m.prosePage('tyres')),
  'tyre-packaging': () => import('./prose').then((m) => m.prosePage('tyre-packaging')),
  'prohibited-items': () => import('./prose').then((m) => m.prosePage('prohibited-items')),
  'cash-on-delivery': () => import('./prose').then((m) => m.prosePage('cash-on-delivery')),
  about: () => import('./prose').then((m) => m.prosePage('about')),
  webinar: () => import('./prose').then((m) => m.prosePage('webinar')),
  'pay-later': () => import('./prose').then((m) => m.prosePage('pay-later')),
  'dpd-abroad': () => import('./prose').then((m) => m.prosePage('dpd-abroad')),
  'ppl-affordable': () => import('./prose').then((m) => m.prosePage('ppl-affordable')),
  contact: () => import('./contact').then((m) => m.ContactInfoPage),
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

const loaded = new Map<RouteId, FunctionComponent<any>>();

/** the page's component; once its module is loaded, the same component again without a dynamic import (once per isolate) */
export const loadPage = async (id: RouteId): Promise<FunctionComponent<any>> => loadedPage(id) ?? rememberPage(id, (await own[id]()) as FunctionComponent<any>);

/** the page's component when this isolate has loaded its module already, else undefined */
export const loadedPage = (id: RouteId): FunctionComponent<any> | undefined => loaded.get(id);

const rememberPage = (id: RouteId, page: FunctionComponent<any>) => {
  loaded.set(id, page);
  return page;
};

export { NotFoundPage } from './not-found';

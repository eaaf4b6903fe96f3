/**
 * A service's name beside its carrier's, said once: a service whose name the carrier's
 * display name already holds ('One by Allegro Box' + 'Box', 'Balíkovna' + 'Balíkovna') adds
 * nothing, so it is left out. Every page, e-mail and document names a service through this.
 */
export function serviceNameBeside(carrierName: string, serviceName: string | null | undefined): string | null {
  const service = serviceName?.trim();
  if (!service) return null;
  return carrierName.toLocaleLowerCase('cs').includes(service.toLocaleLowerCase('cs')) ? null : service;
}

/** carrier and service in one line: 'DPD Classic', 'One by Allegro Box' */
export const carrierAndService = (carrierName: string, serviceName: string | null | undefined) => [carrierName, serviceNameBeside(carrierName, serviceName)].filter(Boolean).join(' ');

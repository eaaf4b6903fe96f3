import { Hono } from 'hono';
import { AddressBookEntrySchema, AddressBookPatchSchema, AddressBookQuerySchema } from '../../lib/schemas/address-book';
import type { OriginEnv } from '../env';
import { requireUser } from '../http/auth';
import { readJson, readQuery } from '../http/validate';
import { addressId, addressView, createAddress, deleteAddress, getAddress, listAddresses, makeDefaultSender, updateAddress } from '../services/addresses/book';

/**
 * v1/addresses: the signed-in user's address book (issue 12). The owner is checked before
 * the body is read, so another user's id answers 404 whatever is sent.
 */
export const addressesApi = new Hono<OriginEnv>()
  .get('/', async (c) => {
    const me = await requireUser(c);
    return c.json({ data: await listAddresses(c.env.DB, me, readQuery(c, AddressBookQuerySchema)) });
  })
  .post('/', async (c) => {
    const me = await requireUser(c);
    return c.json({ data: await createAddress(c.env.DB, me, await readJson(c, AddressBookEntrySchema)) }, 201);
  })
  .get('/:id', async (c) => {
    const me = await requireUser(c);
    return c.json({ data: addressView(await getAddress(c.env.DB, me, addressId(c.req.param('id')))) });
  })
  .patch('/:id', async (c) => {
    const me = await requireUser(c);
    const id = addressId(c.req.param('id'));
    await getAddress(c.env.DB, me, id);
    return c.json({ data: await updateAddress(c.env.DB, me, id, await readJson(c, AddressBookPatchSchema)) });
  })
  .delete('/:id', async (c) => {
    const me = await requireUser(c);
    const id = addressId(c.req.param('id'));
    await deleteAddress(c.env.DB, me, id);
    return c.json({ data: { id } });
  })
  .post('/:id/default-sender', async (c) => {
    const me = await requireUser(c);
    return c.json({ data: await makeDefaultSender(c.env.DB, me, addressId(c.req.param('id'))) });
  });

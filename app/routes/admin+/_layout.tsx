import { Outlet } from '@remix-run/react'
import { AdminNav } from '~/components/admin/admin-nav'
import { useOptionalUser } from '~/hooks/root-data'

// The admin section's frame: the section navigation above every /admin page. It has no loader;
// each admin page's loader (and action) checks access itself, through requirePageUser and the
// services, so nothing here decides who may see what. A visitor who is not an admin reaching an
// /admin page sees that page's error screen without the admin navigation.
export default function AdminLayout() {
  return (
    <>
      {useOptionalUser()?.role === 'admin' ? <AdminNav /> : null}
      <Outlet />
    </>
  )
}

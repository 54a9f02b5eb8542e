/** The red count on the notification bell: the server-rendered link and the live bell draw the same one. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null
  return (
    <span className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] leading-5 font-bold text-white">
      {count > 99 ? '99+' : count}
    </span>
  )
}

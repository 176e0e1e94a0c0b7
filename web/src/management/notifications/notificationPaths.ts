/** The routes of the maintenance notification screens (document 3 §2). */
export const NOTIFICATIONS_PATH = '/management/notifications';
export const NOTIFICATION_PATH = '/management/notification';

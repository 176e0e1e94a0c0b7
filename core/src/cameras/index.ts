/** Vehicle cameras (document 3, issue 21): trigger types shared by the server and the web app. */
export * from './triggers';

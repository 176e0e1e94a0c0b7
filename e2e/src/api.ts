/** A small HTTP client for preparing test data as the administrator (cookie session). */
export class AdminApi {
  private constructor(
    private readonly baseUrl: string,
    private readonly cookie: string,
  ) {}

  static async login(baseUrl: string, email: string, password: string): Promise<AdminApi> {
    const response = await fetch(`${baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    });
    if (!response.ok) throw new Error(`admin login: ${response.status} ${await response.text()}`);
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
    return new AdminApi(baseUrl, cookie);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { Cookie: this.cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  createUser(user: {
    name: string;
    email: string;
    password?: string;
    phone?: string;
    disabled?: boolean;
    readonly?: boolean;
    token?: string;
    attributes?: Record<string, unknown>;
  }): Promise<{ id: number; email: string; token?: string }> {
    return this.call('POST', '/api/users', { attributes: {}, ...user });
  }
}

let counter = 0;
/** A unique e-mail for this run, so suites sharing one server never collide. */
export const uniqueEmail = (prefix: string): string =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}@e2e.test`;

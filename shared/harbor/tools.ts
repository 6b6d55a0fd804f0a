/** The read-only tools SlackBench's agents had; a person's clicks and searches are recorded under these names. */
export const slackTools = [
  'list_channels',
  'get_channel_history',
  'get_channel_members',
  'get_thread_replies',
  'get_user_info',
  'list_users',
  'search_messages',
] as const;

export const githubTools = [
  'search_repositories',
  'search_code',
  'search_issues',
  'search_users',
  'get_file_contents',
  'get_issue',
  'get_pull_request',
  'get_pull_request_files',
  'get_pull_request_status',
  'get_pull_request_comments',
  'get_pull_request_reviews',
  'list_commits',
  'list_issues',
  'list_pull_requests',
] as const;

export const benchmarkTools = [...slackTools, ...githubTools] as const;
export type BenchmarkTool = (typeof benchmarkTools)[number];

/** One thing the person did, as the tool call an agent would have made for it. */
export interface PersonAction {
  tool: BenchmarkTool;
  arguments: Record<string, unknown>;
  /** ISO 8601, when the person did it. */
  at: string;
  /** The start of what the person saw, like an agent's tool result head. */
  resultHead?: string;
}

/**
 * Migration 0016: the workflow engine (issue 14), on SQLite and PostgreSQL alike (the portable
 * subset of the schema builder).
 *
 * - `flow_engine` (from 0001) gains its form, the working copy of its tree, its released version
 *   number and who changed it when.
 * - `flow_form`: the forms flows use (system forms built in, designer forms = low-code models).
 * - `flow_version`: each release freezes the tree and the form; a task keeps the one it started on.
 * - `flow_task`, `flow_task_node`, `flow_operator`, `flow_record`, `flow_circulate`: an instance,
 *   its nodes' states, each person's turn, the timeline and the copies.
 * - `flow_delegate`: entrust windows (removed with either user).
 * - Tasks, operator rows, records and copies name users without a foreign key: the history of an
 *   approval outlives the account of someone who took part in it (a deleted user's name reads
 *   empty, the monitor reassigns their waiting rows). `flow_timer`: durable timeouts, reminders, timer nodes and
 *   completion hooks. `flow_request`: request keys.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const workflowMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    const add = (col: string, type: 'integer' | 'bigint' | 'text' | 'varchar(64)', def?: number | string) =>
      s
        .alterTable('flow_engine')
        .addColumn(col, type, (c) => (def === undefined ? c : c.notNull().defaultTo(def)))
        .execute();
    await add('formType', 'integer', 1);
    await add('formId', 'varchar(64)', '');
    await add('flowTemplateJson', 'text', '');
    await add('version', 'integer', 0);
    await add('visibleType', 'integer', 0);
    await add('createdBy', 'varchar(64)');
    await add('updatedAt', 'bigint');
    await add('updatedBy', 'varchar(64)');
    // a flow launches only once released (a version frozen): none was before this migration
    await db
      .updateTable('flow_engine' as never)
      .set({ enabledMark: 0 } as never)
      .execute();

    await s
      .createTable('flow_form')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('formType', 'integer', (c) => c.notNull())
      .addColumn('systemKey', 'varchar(64)')
      .addColumn('modelId', 'varchar(64)')
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('createdBy', 'varchar(64)')
      .addColumn('updatedAt', 'bigint')
      .execute();

    await s
      .createTable('flow_version')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('flowId', 'varchar(64)', (c) => c.notNull().references('flow_engine.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('flowTemplateJson', 'text', (c) => c.notNull())
      .addColumn('formType', 'integer', (c) => c.notNull())
      .addColumn('formId', 'varchar(64)', (c) => c.notNull())
      .addColumn('formData', 'text', (c) => c.notNull())
      .addColumn('formVersion', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('createdBy', 'varchar(64)')
      .addUniqueConstraint('flow_version_flow_version', ['flowId', 'version'])
      .execute();

    await s
      .createTable('flow_task')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('flowId', 'varchar(64)', (c) => c.notNull().references('flow_engine.id'))
      .addColumn('versionId', 'varchar(64)', (c) => c.notNull().references('flow_version.id'))
      .addColumn('flowVersion', 'integer', (c) => c.notNull())
      .addColumn('fullName', 'varchar(200)', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('flowUrgent', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('candidates', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('copyIds', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('creatorUserId', 'varchar(64)', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('startTime', 'bigint')
      .addColumn('completionTime', 'bigint')
      .addColumn('updatedAt', 'bigint', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('thisStep', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('refType', 'varchar(32)')
      .addColumn('refId', 'varchar(64)')
      .addColumn('pressedAt', 'bigint')
      .execute();
    await s
      .createIndex('flow_task_creator')
      .on('flow_task')
      .columns(['creatorUserId', 'createdAt'])
      .execute();
    await s.createIndex('flow_task_flow').on('flow_task').columns(['flowId', 'status']).execute();
    await s.createIndex('flow_task_status').on('flow_task').columns(['status', 'startTime']).execute();
    await s.createIndex('flow_task_ref').on('flow_task').columns(['refType', 'refId']).execute();

    await s
      .createTable('flow_task_node')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('taskId', 'varchar(64)', (c) => c.notNull().references('flow_task.id').onDelete('cascade'))
      .addColumn('nodeId', 'varchar(64)', (c) => c.notNull())
      .addColumn('nodeType', 'varchar(16)', (c) => c.notNull())
      .addColumn('title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('state', 'integer', (c) => c.notNull())
      .addColumn('round', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enteredAt', 'bigint')
      .addColumn('completedAt', 'bigint')
      .addColumn('joined', 'varchar(1000)', (c) => c.notNull().defaultTo('[]'))
      .addUniqueConstraint('flow_task_node_task_node', ['taskId', 'nodeId'])
      .execute();

    await s
      .createTable('flow_operator')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('taskId', 'varchar(64)', (c) => c.notNull().references('flow_task.id').onDelete('cascade'))
      .addColumn('nodeId', 'varchar(64)', (c) => c.notNull())
      .addColumn('round', 'integer', (c) => c.notNull())
      .addColumn('userId', 'varchar(64)', (c) => c.notNull())
      .addColumn('state', 'integer', (c) => c.notNull())
      .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('handleStatus', 'integer')
      .addColumn('handleTime', 'bigint')
      .addColumn('addedBy', 'varchar(64)')
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();
    await s
      .createIndex('flow_operator_user')
      .on('flow_operator')
      .columns(['userId', 'state', 'createdAt'])
      .execute();
    await s.createIndex('flow_operator_task').on('flow_operator').columns(['taskId', 'nodeId']).execute();

    await s
      .createTable('flow_record')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('taskId', 'varchar(64)', (c) => c.notNull().references('flow_task.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('nodeId', 'varchar(64)', (c) => c.notNull())
      .addColumn('nodeName', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('operatorId', 'varchar(64)')
      .addColumn('handleStatus', 'integer', (c) => c.notNull())
      .addColumn('handleId', 'varchar(64)')
      .addColumn('delegatorId', 'varchar(64)')
      .addColumn('handleTime', 'bigint', (c) => c.notNull())
      .addColumn('handleOpinion', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('signImg', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('targetUserId', 'varchar(64)')
      .addColumn('targetNodeId', 'varchar(64)')
      .addColumn('recalled', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await s.createIndex('flow_record_task').on('flow_record').columns(['taskId', 'seq']).execute();
    await s
      .createIndex('flow_record_handler')
      .on('flow_record')
      .columns(['handleId', 'handleTime'])
      .execute();

    await s
      .createTable('flow_circulate')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('taskId', 'varchar(64)', (c) => c.notNull().references('flow_task.id').onDelete('cascade'))
      .addColumn('nodeId', 'varchar(64)', (c) => c.notNull())
      .addColumn('nodeName', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('userId', 'varchar(64)', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('isRead', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('readAt', 'bigint')
      .execute();
    await s
      .createIndex('flow_circulate_user')
      .on('flow_circulate')
      .columns(['userId', 'createdAt'])
      .execute();
    await s.createIndex('flow_circulate_task').on('flow_circulate').column('taskId').execute();

    await s
      .createTable('flow_delegate')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('userId', 'varchar(64)', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('toUserId', 'varchar(64)', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('flowId', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('startTime', 'bigint', (c) => c.notNull())
      .addColumn('endTime', 'bigint', (c) => c.notNull())
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addColumn('updatedAt', 'bigint')
      .execute();
    await s.createIndex('flow_delegate_to').on('flow_delegate').columns(['toUserId', 'endTime']).execute();
    await s.createIndex('flow_delegate_from').on('flow_delegate').columns(['userId', 'endTime']).execute();

    await s
      .createTable('flow_timer')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('taskId', 'varchar(64)', (c) => c.notNull().references('flow_task.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('nodeId', 'varchar(64)', (c) => c.notNull())
      .addColumn('round', 'integer', (c) => c.notNull())
      .addColumn('dueAt', 'bigint', (c) => c.notNull())
      .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimedBy', 'varchar(64)')
      .addColumn('claimUntil', 'bigint')
      .addColumn('firedAt', 'bigint')
      .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await s.createIndex('flow_timer_due').on('flow_timer').columns(['state', 'dueAt']).execute();
    await s.createIndex('flow_timer_task').on('flow_timer').columns(['taskId', 'state']).execute();

    await s
      .createTable('flow_request')
      .addColumn('userId', 'varchar(64)', (c) => c.notNull())
      .addColumn('key', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('flow_request_pk', ['userId', 'key'])
      .execute();
  },
};

/** Migration 0001_init, this domain's part: the flows (flow_engine). */
export const workflowInit: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s
      .createTable('flow_engine')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('fullName', 'varchar(100)', (c) => c.notNull())
      .addColumn('enCode', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('category', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('icon', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('iconBackground', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('sortCode', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabledMark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('createdAt', 'bigint', (c) => c.notNull())
      .execute();
  },
};

/**
 * Migration 0019_request_keys, the workflow part: its request keys move into the kernel's one store
 * (`request_key`, created by the kernel's part first) as `flow.<kind>` with their stored answers; the
 * old table goes.
 */
export const workflowRequestKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`insert into request_key (owner, "key", kind, answer, "createdAt")
      select 'u:' || "userId", "key", 'flow.' || kind, answer, "createdAt"
      from flow_request`.execute(db);
    await db.schema.dropTable('flow_request').execute();
  },
};

/** Migration 0021: a flow form may be a flow's own designed form (flow_form.formJson, JNPF 3.x formData). */
export const workflowFormJson: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('flow_form').addColumn('formJson', 'text').execute();
  },
};

/**
 * Migration 0026: sub-flows (JNPF 3.x 子流程). A child task names its parent task, the parent's
 * sub-flow node and the node's round; the parent's page lists its children by the index.
 */
export const workflowSubFlows: Migration = {
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.alterTable('flow_task').addColumn('parentTaskId', 'varchar(64)').execute();
    await s.alterTable('flow_task').addColumn('parentNodeId', 'varchar(64)').execute();
    await s.alterTable('flow_task').addColumn('parentRound', 'integer').execute();
    await s.createIndex('flow_task_parent').on('flow_task').column('parentTaskId').execute();
  },
};

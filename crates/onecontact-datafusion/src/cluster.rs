//! A Ballista cluster with onecontact's functions: a scheduler, executors,
//! and a client context that submits queries to them.
//!
//! The functions must be known on all three sides. The client plans SQL
//! with them and sends the logical plan to the scheduler, which names each
//! function; the scheduler decodes it with a session that has them (its
//! session builder) and plans the stages; each executor decodes its tasks'
//! physical plans with a function registry that has them. The functions
//! hold no state, so a name is all that travels.
//!
//! The scheduler serves gRPC and, on the same port, `GET /readyz`: status
//! 200 once `min_ready_executors` executors are registered, 503 before.
//!
//! Each executor writes one line to standard error per task it starts
//! (`onecontact executor ID: task T, job J, stage S, partitions [..]`), so
//! that who ran what can be seen without a log framework.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use ballista::prelude::{SessionConfigExt, SessionContextExt};
use ballista_core::JobId;
use ballista_core::config::TaskSchedulingPolicy;
use ballista_core::registry::BallistaFunctionRegistry;
use ballista_core::utils::default_session_builder;
use ballista_executor::execution_engine::{
    DefaultExecutionEngine, ExecutionEngine, QueryStageExecutor,
};
use ballista_executor::executor_process::{ExecutorProcessConfig, start_executor_process};
use ballista_scheduler::cluster::BallistaCluster;
use ballista_scheduler::config::{SchedulerConfig, TaskDistributionPolicy};
use ballista_scheduler::scheduler_process::start_server;
use datafusion::execution::SessionStateBuilder;
use datafusion::physical_plan::ExecutionPlan;
use datafusion::prelude::{SessionConfig, SessionContext};

use onecontact::Data;

use crate::{Error, functions_with, register_on_state_with, register_with};

/// Where a scheduler listens and what it waits for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchedulerOptions {
    /// The address to bind (gRPC and `/readyz`).
    pub bind: SocketAddr,
    /// The host name executors and clients reach this scheduler by.
    pub external_host: String,
    /// Executors registered before `/readyz` reports ready.
    pub min_ready_executors: usize,
}

/// Runs a scheduler until the process is stopped (or it fails). Tasks are
/// handed to executors round-robin.
///
/// The scheduler plans with the functions answering from `data`; the
/// executors that run its tasks must be given the same lists.
pub async fn run_scheduler(options: &SchedulerOptions, data: &Data) -> Result<(), Error> {
    let data = data.clone();
    let mut config = SchedulerConfig::default()
        .with_hostname(options.external_host.clone())
        .with_port(options.bind.port())
        .with_scheduler_policy(TaskSchedulingPolicy::PushStaged)
        .with_override_session_builder(Arc::new(move |config: SessionConfig| {
            let mut state = default_session_builder(config)?;
            register_on_state_with(&mut state, &data)?;
            Ok(state)
        }));
    config.bind_host = options.bind.ip().to_string();
    config.task_distribution = TaskDistributionPolicy::RoundRobin;
    config.min_ready_executors = options.min_ready_executors;
    let cluster = BallistaCluster::new_from_config(&config).await?;
    start_server(cluster, options.bind, Arc::new(config)).await?;
    Ok(())
}

/// How an executor runs and which scheduler it serves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExecutorOptions {
    /// The address to bind (its host is also the one advertised).
    pub bind_host: String,
    /// The Arrow Flight port (shuffle data and results).
    pub flight_port: u16,
    /// The gRPC port (tasks from the scheduler).
    pub grpc_port: u16,
    /// The scheduler's host.
    pub scheduler_host: String,
    /// The scheduler's port.
    pub scheduler_port: u16,
    /// Tasks run at once; 0 for one per CPU.
    pub concurrent_tasks: usize,
    /// Where shuffle files go; a fresh temporary folder when `None`.
    pub work_dir: Option<PathBuf>,
}

/// Runs an executor until the process is stopped, the scheduler tells it to
/// stop, or it fails.
///
/// Its functions answer from `data` (the same lists as the scheduler's).
pub async fn run_executor(options: &ExecutorOptions, data: &Data) -> Result<(), Error> {
    let mut registry = BallistaFunctionRegistry::default();
    for udf in functions_with(data) {
        registry
            .scalar_functions
            .insert(udf.name().to_owned(), Arc::new(udf));
    }
    let mut config = ExecutorProcessConfig {
        bind_host: options.bind_host.clone(),
        external_host: Some(options.bind_host.clone()),
        port: options.flight_port,
        grpc_port: options.grpc_port,
        scheduler_host: options.scheduler_host.clone(),
        scheduler_port: options.scheduler_port,
        scheduler_connect_timeout_seconds: 30,
        task_scheduling_policy: TaskSchedulingPolicy::PushStaged,
        work_dir: options
            .work_dir
            .as_ref()
            .map(|p| p.to_string_lossy().into_owned()),
        override_function_registry: Some(Arc::new(registry)),
        ..ExecutorProcessConfig::default()
    };
    if options.concurrent_tasks > 0 {
        config.vcores = options.concurrent_tasks;
    }
    config.override_execution_engine = Some(Arc::new(TaskLog {
        executor: config.executor_id.clone(),
        inner: DefaultExecutionEngine::new(),
    }));
    start_executor_process(Arc::new(config)).await?;
    Ok(())
}

/// Ballista's execution engine, with a line on standard error per task.
struct TaskLog {
    executor: String,
    inner: DefaultExecutionEngine,
}

impl ExecutionEngine for TaskLog {
    fn create_query_stage_exec(
        &self,
        job_id: JobId,
        stage_id: usize,
        task_id: usize,
        global_output_partition_ids: Vec<usize>,
        plan: Arc<dyn ExecutionPlan>,
        work_dir: &str,
        config: &SessionConfig,
    ) -> datafusion::error::Result<Arc<dyn QueryStageExecutor>> {
        eprintln!(
            "onecontact executor {}: task {task_id}, job {job_id}, stage {stage_id}, partitions {:?}",
            self.executor, global_output_partition_ids
        );
        self.inner.create_query_stage_exec(
            job_id,
            stage_id,
            task_id,
            global_output_partition_ids,
            plan,
            work_dir,
            config,
        )
    }
}

/// A context whose queries run on the cluster whose scheduler is at
/// `address` (`df://HOST:PORT`), with the functions registered, and
/// `target_partitions` partitions per stage (DataFusion's default, one per
/// core of this machine, when `None`).
///
/// Tables registered on it are read by the scheduler (file lists, Parquet
/// metadata) and the executors: their paths must name the same files on
/// every machine (shared storage).
pub async fn connect(
    address: &str,
    target_partitions: Option<usize>,
    data: &Data,
) -> Result<SessionContext, Error> {
    if !address.starts_with("df://") {
        return Err(Error::ClusterAddress {
            address: address.to_owned(),
        });
    }
    let mut config = SessionConfig::new_with_ballista();
    if let Some(n) = target_partitions {
        config = config.with_target_partitions(n);
    }
    let state = SessionStateBuilder::new()
        .with_default_features()
        .with_config(config)
        .build();
    let ctx = SessionContext::remote_with_state(address, state).await?;
    // Ballista's upgrade of the state replaces its scalar functions with
    // DataFusion's and Ballista's own: register ours after it.
    register_with(&ctx, data);
    Ok(ctx)
}

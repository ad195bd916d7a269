//! `onecontact cluster scheduler` and `onecontact cluster executor`: the
//! two kinds of Ballista process, with onecontact's functions registered.

use std::io;

use onecontact_datafusion::cluster::{self, ExecutorOptions, SchedulerOptions};

use super::{CliError, OK};
use crate::cli::ClusterCommand;

/// Runs one cluster process until it is stopped.
pub fn run(command: &ClusterCommand, data: &onecontact::Data) -> Result<u8, CliError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_stack_size(32 * 1024 * 1024)
        .build()?;
    let result = match command {
        ClusterCommand::Scheduler {
            bind,
            external_host,
            min_executors,
            ..
        } => {
            let options = SchedulerOptions {
                bind: *bind,
                external_host: external_host
                    .clone()
                    .unwrap_or_else(|| bind.ip().to_string()),
                min_ready_executors: *min_executors,
            };
            eprintln!(
                "onecontact scheduler: starting on {bind} (df://{}:{}), ready at {min_executors} executors",
                options.external_host,
                bind.port()
            );
            runtime.block_on(cluster::run_scheduler(&options, data))
        }
        ClusterCommand::Executor {
            scheduler,
            bind_host,
            flight_port,
            grpc_port,
            concurrent_tasks,
            work_dir,
            ..
        } => {
            let (scheduler_host, scheduler_port) = split_scheduler(scheduler)?;
            let options = ExecutorOptions {
                bind_host: bind_host.clone(),
                flight_port: *flight_port,
                grpc_port: *grpc_port,
                scheduler_host,
                scheduler_port,
                concurrent_tasks: *concurrent_tasks,
                work_dir: work_dir.clone(),
            };
            eprintln!(
                "onecontact executor: starting on {bind_host} (flight {flight_port}, grpc {grpc_port}) for scheduler {scheduler}"
            );
            runtime.block_on(cluster::run_executor(&options, data))
        }
    };
    result.map_err(|e| CliError::Io(io::Error::other(e.to_string())))?;
    Ok(OK)
}

/// `HOST:PORT` or `df://HOST:PORT`.
fn split_scheduler(text: &str) -> Result<(String, u16), CliError> {
    let bare = text.strip_prefix("df://").unwrap_or(text);
    let usage = || {
        CliError::Usage(format!(
            "--scheduler {text}: give the scheduler as HOST:PORT or df://HOST:PORT"
        ))
    };
    let (host, port) = bare.rsplit_once(':').ok_or_else(usage)?;
    let port = port.parse::<u16>().map_err(|_| usage())?;
    if host.is_empty() {
        return Err(usage());
    }
    Ok((host.to_owned(), port))
}

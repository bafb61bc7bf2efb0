/** The jobs of the upload queue as a table (UQ-003): a row opens the job's page (UQ-001). */
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../format/date';
import { jobPath } from '../../components/upload/upload-kinds';
import type { QueueItem } from '../../components/upload/upload-api';
import { JobActions, JobProgress, JobStatusBadge } from './JobParts';
import { jobRowsText } from './queue-helpers';

// A click on the job's actions or their confirmation (a dialog inside them) is theirs, not the row's.
const opensJob = (e: MouseEvent) => !(e.target as Element).closest('.job-actions');

export function JobsTable({ jobs, label, onChanged }: { jobs: readonly QueueItem[]; label: string; onChanged: () => void }) {
  const navigate = useNavigate();
  return (
    <div className="table-wrap">
      <table className="table table--dense upload-queue" aria-label={label}>
        <thead>
          <tr>
            <th className="num">Job</th>
            <th>Queue</th>
            <th>Status</th>
            <th>Created by</th>
            <th>Created on</th>
            <th>Completed on</th>
            <th>File</th>
            <th>Rows</th>
            <th>Progress</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((j) => (
            <tr
              key={j.JobId}
              onClick={(e) => {
                if (opensJob(e)) void navigate(jobPath(j.JobId));
              }}
              data-job-id={j.JobId}
            >
              <td className="num">
                <Link to={jobPath(j.JobId)} onClick={(e) => e.stopPropagation()}>
                  {j.JobId}
                </Link>
              </td>
              <td>{j.QueueName}</td>
              <td>
                <JobStatusBadge status={j.JobStatus} />
              </td>
              <td>{j.CreatedByName ?? j.CreatedBy ?? ''}</td>
              <td className="when">{formatDateTime(j.CreatedOn)}</td>
              <td className="when">{formatDateTime(j.CompletedOn)}</td>
              <td className="file" title={j.FileName ?? ''}>
                {j.FileName ?? ''}
              </td>
              <td className="counts" title={j.LastError ?? undefined}>
                {jobRowsText(j)}
              </td>
              <td>
                <JobProgress job={j} />
              </td>
              <td>
                <JobActions job={j} onChanged={onChanged} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

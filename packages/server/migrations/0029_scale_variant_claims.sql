-- Image variants are made once across app nodes: the node that runs an asset's variant job claims it for a while
-- (a lease); another node (a duplicate job, a restart's resume) skips it until the lease ends, so a node killed
-- mid-job is taken over once its lease has passed.
ALTER TABLE file_assets ADD COLUMN variants_claimed_until timestamptz;

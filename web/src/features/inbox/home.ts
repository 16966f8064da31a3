// features/inbox's second entry: the investor home page's "Your tasks" (its strings load with it).
export { OpenTasks } from './components/open-tasks';

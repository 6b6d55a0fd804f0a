import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { EnrolPage, enrolLinkOf } from './enrol/EnrolPage';
import './styles.css';

// A study link (online enrolment) opens its own small page; it becomes the participant's visit once enrolled.
const enrolLink = enrolLinkOf(window.location);

createRoot(document.getElementById('root')!).render(<StrictMode>{enrolLink ? <EnrolPage link={enrolLink} /> : <App />}</StrictMode>);

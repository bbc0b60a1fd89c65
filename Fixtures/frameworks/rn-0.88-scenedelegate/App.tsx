import React, {useEffect, useState} from 'react';
import {Linking, SafeAreaView, Text} from 'react-native';
import Shelf from './src/Shelf';

// lantern://club/<id> invitations open the club's reading list.
export default function App() {
  const [club, setClub] = useState<string | null>(null);
  useEffect(() => {
    const parse = (url: string | null) => {
      const m = url?.match(/club\/(\w+)/);
      if (m) {
        setClub(m[1]);
      }
    };
    Linking.getInitialURL().then(parse);
    const sub = Linking.addEventListener('url', e => parse(e.url));
    return () => sub.remove();
  }, []);
  return (
    <SafeAreaView style={{flex: 1}}>
      {club ? <Text>Joined club {club}</Text> : null}
      <Shelf />
    </SafeAreaView>
  );
}
